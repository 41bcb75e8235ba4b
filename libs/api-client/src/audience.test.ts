import { audienceTypeOf } from './audience';

describe("the shopper's audience type", () => {
  it("is the location lookup's cookie, 'default' without one or with a value that is not ours (shopping §4 Marketing)", () => {
    expect(audienceTypeOf('a=1; audienceType=international')).toBe('international');
    expect(audienceTypeOf('audienceType=domestic')).toBe('domestic');
    expect(audienceTypeOf('')).toBe('default');
    expect(audienceTypeOf('audienceType=%3Cscript%3E')).toBe('default');
  });
});
