import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportField } from '../../../shared/contract';
import { LEAD_RELATION, parseFieldRef } from '../../../shared/domain/report-builder';
import { reportBuilderMessages } from '../../../shared/i18n/report-builder-messages';
import type { Database } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import { leadParentColumn, type LeadParentColumn } from '../../engine/lead-children';
import type { LeadScope } from '../../engine/lead-scope';
import { resolveTableAccess, type TableAccess } from '../../engine/permission-resolver';
import type { TableRegistry } from '../../engine/registry';
import type { EngineUser, FieldDefinition } from '../../engine/types';

/** Alias of the report table's subquery and of its lead's. */
export const BASE_ALIAS = 'b';
export const LEAD_ALIAS = 'l';
/** The lead id column of the lead subquery (no registered field starts with an underscore). */
export const LEAD_KEY = '__lead';

/** Kinds a report may group by, filter or show; json and arrays are neither groups nor sums. */
const REPORTABLE_KINDS = new Set(['integer', 'decimal', 'text', 'date', 'timestamp', 'boolean']);

export interface ResolvedField {
  /** As the form names it: `amount`, `lead.agent_id`. */
  ref: string;
  owner: 'base' | 'lead';
  field: FieldDefinition;
  label: string;
  /** The column in the outer query: "b"."amount", "l"."agent_id". */
  sqlRef: RawBuilder<unknown>;
}

export interface LeadRelation {
  access: TableAccess;
  /** The column of the report table naming the row's lead (customer_id, lead_id). */
  parentColumn: LeadParentColumn;
}

/** The table a report reads and what the user may see of it and of its leads. */
export interface ReportSource {
  table: string;
  base: TableAccess;
  lead: LeadRelation | null;
  /** A field the user may list and read, else 403 with the same text for hidden and unknown fields. */
  resolve(ref: string): ResolvedField;
  /** The fields a report may use, the relation's prefixed. */
  fields(): { own: ReportField[]; lead: ReportField[] };
}

/** Fields of a table a user may both list and read: a report shows what a list would, never more. */
function visibleFields(access: TableAccess): FieldDefinition[] {
  return access.listable.filter(
    (field) => access.readableNames.has(field.name) && REPORTABLE_KINDS.has(field.column.kind),
  );
}

function toReportField(field: FieldDefinition, prefix: string): ReportField {
  const kind = field.column.kind;
  return {
    name: `${prefix}${field.name}`,
    label: field.displayName,
    component: field.component,
    kind: kind === 'json' || kind === 'array' ? 'other' : kind,
    options: field.optionListId,
  };
}

const hidden = (): DomainError => DomainError.forbidden(reportBuilderMessages.fieldHidden);

export async function openReportSource(
  db: Kysely<Database>,
  deps: { registry: TableRegistry; leadScope: LeadScope },
  user: EngineUser,
  table: string,
): Promise<ReportSource> {
  // Missing and forbidden tables answer the same 404 (resolveTableAccess).
  const base = await resolveTableAccess(db, deps.registry, user, table);
  const parentColumn = leadParentColumn(base.table);
  const leadAccess = parentColumn ? await deps.leadScope.access(user) : null;
  const lead = parentColumn && leadAccess ? { access: leadAccess, parentColumn } : null;
  const own = new Map(visibleFields(base).map((field) => [field.name, field]));
  const ofLead = new Map(lead ? visibleFields(lead.access).map((field) => [field.name, field]) : []);

  return {
    table,
    base,
    lead,
    resolve(ref) {
      const { relation, field: name } = parseFieldRef(ref);
      if (relation === null) {
        const field = own.get(name);
        if (!field) throw hidden();
        return {
          ref,
          owner: 'base',
          field,
          label: field.displayName,
          sqlRef: sql.id(BASE_ALIAS, field.name),
        };
      }
      const field = relation === LEAD_RELATION ? ofLead.get(name) : undefined;
      if (!field || !lead) throw hidden();
      return {
        ref,
        owner: 'lead',
        field,
        label: `${lead.access.table.displayName} › ${field.displayName}`,
        sqlRef: sql.id(LEAD_ALIAS, field.name),
      };
    },
    fields() {
      return {
        own: [...own.values()].map((field) => toReportField(field, '')),
        lead: [...ofLead.values()].map((field) => toReportField(field, `${LEAD_RELATION}.`)),
      };
    },
  };
}
