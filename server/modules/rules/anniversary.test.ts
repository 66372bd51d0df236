import { describe, expect, it } from 'vitest';
import { anniversaryBetween } from './anniversary.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('anniversary of joining', () => {
  it('is a whole number of years after joining, by UTC date, inside the window only', () => {
    const joined = new Date('2024-05-10T18:30:00Z');
    expect(anniversaryBetween(joined, day('2026-05-04'), new Date('2026-05-10T00:00:00Z'))).toEqual(day('2026-05-10'));
    expect(anniversaryBetween(joined, day('2026-05-04'), new Date('2026-05-09T23:59:59Z'))).toBeNull();
    expect(anniversaryBetween(joined, day('2026-05-11'), day('2026-05-18'))).toBeNull();
    // the day of joining itself is no anniversary
    expect(anniversaryBetween(joined, day('2024-05-01'), day('2024-05-12'))).toBeNull();
  });

  it('finds the anniversary across a new year and celebrates 29 February on 1 March in common years', () => {
    expect(anniversaryBetween(day('2020-12-30'), day('2026-12-28'), day('2027-01-02'))).toEqual(day('2026-12-30'));
    expect(anniversaryBetween(day('2024-02-29'), day('2027-02-25'), day('2027-03-01'))).toEqual(day('2027-03-01'));
    expect(anniversaryBetween(day('2024-02-29'), day('2028-02-25'), day('2028-03-01'))).toEqual(day('2028-02-29'));
  });
});
