import { parseLookup } from './resolve-page';

describe('parseLookup', () => {
  it.each([
    ['cat:3101', { section: 'cat', id: '3101' }],
    ['prod:128001', { section: 'prod', id: '128001' }],
    ['search:round glasses', { section: 'search', id: 'round glasses' }],
    ['cms:about-us', { section: 'cms', id: 'about-us' }],
    ['col:7', { section: 'col', id: '7' }],
  ])('reads %s', (path, parsed) => expect(parseLookup(path)).toEqual(parsed));

  it.each(['na:', 'na:x', 'cat:', 'shop:1', '', 'cat'])("treats %p as 'na'", (path) => expect(parseLookup(path)).toEqual({ section: 'na', id: '' }));
});
