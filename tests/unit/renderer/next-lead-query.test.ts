import { describe, expect, it } from 'vitest';
import { nextLeadQuery } from '../../../src/renderer/src/features/lead-detail/header/next-lead-query';
import {
  parseListContext,
  readListContext,
  rememberListContext,
  type ListContext,
} from '../../../src/renderer/src/features/list/list-context';

/** sessionStorage's interface over a Map, as the browser's would behave. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const STATUS_3: ListContext = {
  table: 'leads',
  filters: [{ name: 'status_id', type: 1, value: '3' }],
  sort: { name: 'created_at', type: 'asc' },
};
const stored = () => ({
  filters: [{ name: 'utm_source', type: 2 as const, value: 'google' }],
  sort: { name: 'id', type: 'desc' as const },
});

describe('list context (what "Sonraki kayıt" follows)', () => {
  it('keeps the list on screen per window and reads it back', () => {
    const store = memoryStorage();
    expect(readListContext(store)).toBeNull();
    rememberListContext(STATUS_3, store);
    expect(readListContext(store)).toEqual(STATUS_3);
  });

  it('drops damaged or hand-edited parts instead of sending them', () => {
    expect(parseListContext(null)).toBeNull();
    expect(parseListContext({ table: 'leads; drop' })).toBeNull();
    expect(
      parseListContext({
        table: 'customers',
        filters: [
          { name: 'status_id', type: 99, value: '1' },
          { name: 'DROP', type: 1, value: 'x' },
          STATUS_3.filters[0],
        ],
        sort: { name: 'id', type: 'sideways' },
      }),
    ).toEqual({ table: 'customers', filters: STATUS_3.filters, sort: { name: 'id', type: 'desc' } });
    const store = memoryStorage();
    store.setItem('lastListContext', '{not json');
    expect(readListContext(store)).toBeNull();
  });
});

describe('nextLeadQuery', () => {
  it('walks the leads list as it was on screen, URL filters included', () => {
    expect(nextLeadQuery(STATUS_3, false, stored)).toEqual(STATUS_3);
  });

  it('walks the customers list for a customer opened from it', () => {
    const customers: ListContext = { ...STATUS_3, table: 'customers' };
    expect(nextLeadQuery(customers, true, stored)).toEqual(customers);
  });

  it('falls back to the stored leads list for a lead the last list does not hold', () => {
    const customers: ListContext = { ...STATUS_3, table: 'customers' };
    expect(nextLeadQuery(customers, false, stored)).toEqual({ table: 'leads', ...stored() });
    expect(nextLeadQuery({ ...STATUS_3, table: 'users' }, false, stored)).toEqual({
      table: 'leads',
      ...stored(),
    });
    expect(nextLeadQuery(null, true, stored)).toEqual({ table: 'leads', ...stored() });
  });
});
