import { COHORT_COOKIE, ensureCohort, parseCohort, readCookie } from './cohort';

describe('cohort', () => {
  it('draws a cohort once and keeps it in a cookie', () => {
    const doc = { cookie: '' };
    const first = ensureCohort(doc, () => 0.427);
    expect(first).toBe(42);
    expect(doc.cookie).toContain(`${COHORT_COOKIE}=42`);
    expect(doc.cookie).toContain('SameSite=Lax');
    const jar = { cookie: `other=1; ${COHORT_COOKIE}=42` };
    expect(ensureCohort(jar, () => 0.99)).toBe(42);
  });

  it('ignores a cohort cookie that is not 0-99', () => {
    expect(parseCohort('100')).toBeNull();
    expect(parseCohort('-1')).toBeNull();
    expect(parseCohort('7')).toBe(7);
    expect(readCookie('a=1; b=x%3Dy', 'b')).toBe('x=y');
  });
});
