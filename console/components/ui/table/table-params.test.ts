import { describe, expect, it } from 'vitest';
import { readTableParams, writeTableParams } from './table-params.ts';

describe('a table view kept in the URL', () => {
  it('reads defaults from an empty URL and ignores nonsense', () => {
    expect(readTableParams(new URLSearchParams(''))).toEqual({ page: 1, pageSize: 25, sort: null, search: '', hidden: [] });
    expect(readTableParams(new URLSearchParams('page=-3&size=7&sort=&q=')).page).toBe(1);
    expect(readTableParams(new URLSearchParams('size=7')).pageSize).toBe(25);
  });

  it('round-trips a view, leaving defaults out of the URL', () => {
    const url = writeTableParams(new URLSearchParams('tab=stores'), { page: 3, sort: { id: 'title', desc: true }, search: 'coffee', hidden: ['token'] });
    expect(url.toString()).toBe('tab=stores&page=3&sort=-title&q=coffee&hide=token');
    expect(readTableParams(url)).toEqual({ page: 3, pageSize: 25, sort: { id: 'title', desc: true }, search: 'coffee', hidden: ['token'] });
    expect(writeTableParams(url, { page: 1, sort: null, search: '', hidden: [] }).toString()).toBe('tab=stores');
  });

  it('a new sort, search or page size goes back to page 1', () => {
    const onPage4 = new URLSearchParams('page=4');
    expect(readTableParams(writeTableParams(onPage4, { sort: { id: 'name', desc: false } })).page).toBe(1);
    expect(readTableParams(writeTableParams(onPage4, { search: 'x' })).page).toBe(1);
    expect(readTableParams(writeTableParams(onPage4, { hidden: ['a'] })).page).toBe(4);
  });

  it('keeps two tables on one page apart by prefix', () => {
    const url = writeTableParams(writeTableParams(new URLSearchParams(), { page: 2 }, 'a_'), { page: 5 }, 'b_');
    expect([readTableParams(url, 'a_').page, readTableParams(url, 'b_').page]).toEqual([2, 5]);
  });
});
