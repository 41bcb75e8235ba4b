import { parseLookup } from './lookup';

describe('parseLookup', () => {
  it('reads a lookup as the shell does', () => {
    expect(parseLookup('prod:1001')).toEqual({ section: 'prod', id: '1001' });
    expect(parseLookup('search:round glasses')).toEqual({ section: 'search', id: 'round glasses' });
    expect(parseLookup('cms:a:b')).toEqual({ section: 'cms', id: 'a:b' });
    for (const path of ['na:', 'cat:', ':1', 'zzz:1', 'nothing', 42, null]) expect(parseLookup(path)).toEqual({ section: 'na', id: '' });
  });
});
