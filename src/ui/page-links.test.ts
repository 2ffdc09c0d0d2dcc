import { describe, expect, it } from 'vitest';
import { pageLinks } from './page-links.ts';

describe('numbered page links', () => {
  it('show the group of 5 the current page is in, with the neighbouring groups', () => {
    expect(pageLinks({ page: 7, pageCount: 12 })).toEqual({ pages: [6, 7, 8, 9, 10], previous: 5, next: 11 });
  });

  it('have no previous group on the first and no next group on the last, which may be short', () => {
    expect(pageLinks({ page: 2, pageCount: 12 })).toEqual({
      pages: [1, 2, 3, 4, 5],
      previous: null,
      next: 6,
    });
    expect(pageLinks({ page: 12, pageCount: 12 })).toEqual({ pages: [11, 12], previous: 10, next: null });
  });

  it('show page 1 alone for an empty list, and keep a page past the end on the last group', () => {
    expect(pageLinks({ page: 1, pageCount: 0 })).toEqual({ pages: [1], previous: null, next: null });
    expect(pageLinks({ page: 40, pageCount: 7 })).toEqual({ pages: [6, 7], previous: 5, next: null });
  });
});
