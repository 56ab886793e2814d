import type { ListFilter, ListSort } from '../../../../../shared/domain';

/** The lists POST /nextLead/{x} can walk (contract: leads or customers). */
export type NextLeadTable = 'leads' | 'customers';
export type NextLeadQuery = { table: NextLeadTable; filters: ListFilter[]; sort: ListSort };
/**
 * The list last on screen, as the list feature remembers it (its ListContext). Written out here so this
 * rule and its Node tests need nothing of the list's screens.
 */
export type ShownList = { table: string; filters: ListFilter[]; sort: ListSort };

/**
 * Which list "Sonraki kayıt" walks: the list last on screen when it holds this lead (the leads list, or
 * the customers list for a customer), with its filters and sort as shown, URL filters included; else
 * the leads list as it was last stored (a lead opened from search, a reminder, another table).
 */
export function nextLeadQuery(
  context: ShownList | null,
  isCustomer: boolean,
  storedLeads: () => Omit<NextLeadQuery, 'table'>,
): NextLeadQuery {
  if (context?.table === 'leads' || (context?.table === 'customers' && isCustomer)) {
    return { table: context.table, filters: context.filters, sort: context.sort };
  }
  return { table: 'leads', ...storedLeads() };
}
