import type { Kysely } from 'kysely';
import { format } from '../../../shared/i18n/messages';
import { periodicReportMessages as p } from '../../../shared/i18n/periodic-report-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';

/**
 * Where scheduled reports may be mailed (docs/security.md#report-mail-domains). REPORT_MAIL_DOMAINS is a
 * comma list of domains an admin allows (a receiver at the domain or below it passes); '*' allows any
 * address. Unset, the company's own domains are allowed: those of the active admin accounts' e-mail
 * addresses, which only admins can change. A report's data never leaves for an address outside them.
 */
export type ReportMailDomains = { kind: 'any' } | { kind: 'listed'; domains: string[] } | { kind: 'admins' };

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function reportMailDomainsFrom(value: string | undefined): ReportMailDomains {
  const text = (value ?? '').trim();
  if (text === '') return { kind: 'admins' };
  if (text === '*') return { kind: 'any' };
  const domains = text
    .split(',')
    .map((part) => part.trim().toLowerCase().replace(/^@/, ''))
    .filter((part) => part !== '');
  const wrong = domains.find((domain) => !DOMAIN.test(domain));
  // A wrong setting stops the start: a silently ignored list would let reports go anywhere, or nowhere.
  if (wrong !== undefined || domains.length === 0) {
    throw new Error(
      `REPORT_MAIL_DOMAINS alan adlarının virgülle ayrılmış listesi olmalı (hatalı: ${wrong ?? text})`,
    );
  }
  return { kind: 'listed', domains };
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

async function allowedDomains(db: Kysely<Database>, setting: ReportMailDomains): Promise<string[] | null> {
  if (setting.kind === 'any') return null;
  if (setting.kind === 'listed') return setting.domains;
  const admins = await db
    .selectFrom('users')
    .select('email')
    .where('department', '=', 'admin')
    .where('active', '=', 1)
    .execute();
  return [...new Set(admins.map((admin) => domainOf(admin.email)))];
}

/** Refuses (400, in Turkish) the first receiver outside the allowed domains. */
export async function requireAllowedReceivers(
  db: Kysely<Database>,
  setting: ReportMailDomains,
  addresses: readonly string[],
): Promise<void> {
  const domains = await allowedDomains(db, setting);
  if (domains === null) return;
  const outside = addresses.find((address) => {
    const domain = domainOf(address);
    return !domains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
  });
  if (outside === undefined) return;
  throw DomainError.invalid(
    format(p.receiverDomainNotAllowed, { address: outside, domains: domains.join(', ') || '-' }),
  );
}
