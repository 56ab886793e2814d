import { HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FieldMeta } from '../../../../../shared/contract';
import type { DuplicateReason } from '../../../../../shared/contract/lead-detail';
import { format, messages } from '../../../../../shared/i18n/messages';
import { useCrmQuery } from '../../../api/use-crm-call';
import { cellText, FieldValue } from '../../../components/field-renderers';
import { uiTexts } from '../../../i18n/ui-texts';
import { TabState } from '../TabState';
import { leadCallInputs } from '../lead-queries';

const REASON_LABELS: Readonly<Record<DuplicateReason, string>> = {
  phone: uiTexts.matchPhone,
  email: uiTexts.matchEmail,
  tc: uiTexts.matchTc,
};

export type DuplicatesTabProps = { leadId: number; fields: readonly FieldMeta[] };

/**
 * Eşleşen Kayıtlar (see docs/requirements.md#lead-workspace-and-work-screens): leads sharing a normalised phone, the e-mail or the tc with this one
 * (POST /getDublicatedLeads), each linking to its own detail page and saying what matched.
 */
export function DuplicatesTab({ leadId, fields }: DuplicatesTabProps): ReactNode {
  const duplicates = useCrmQuery('duplicatedLeads', leadCallInputs.duplicates(leadId));
  const byName = useMemo(() => new Map(fields.map((field) => [field.name, field])), [fields]);

  if (!duplicates.data) return <TabState query={duplicates} />;
  const { results } = duplicates.data;
  if (results.length === 0) {
    return <NonIdealState icon="people" description={uiTexts.noDuplicates} className="lead-tab-empty" />;
  }
  // Without the column list (a server of the spec alone) the rows' own keys are the columns.
  const columns = (duplicates.data.fields ?? Object.keys(results[0] ?? {})).filter(
    (name) => name !== 'id' && byName.has(name),
  );

  return (
    <div className="lead-table-scroll">
      <HTMLTable compact striped interactive className="lead-table" data-testid="duplicates-table">
        <thead>
          <tr>
            <th>ID</th>
            {columns.map((name) => (
              <th key={name}>{byName.get(name)?.display_name ?? name}</th>
            ))}
            <th>{uiTexts.matchedBy}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((lead) => (
            <tr key={lead.id} data-testid="duplicate-row">
              <td>
                <Link to={`/leadDetail/${lead.id}`} data-testid={`duplicate-link-${lead.id}`}>
                  {format(messages.leadRef, { id: lead.id })}
                </Link>
              </td>
              {columns.map((name) => {
                const field = byName.get(name);
                const value = lead.values[name];
                return (
                  <td key={name}>
                    {field && cellText(value) !== '' ? (
                      <FieldValue
                        value={value}
                        row={lead.values}
                        field={{
                          name,
                          displayName: field.display_name,
                          component: field.component.name,
                          options: field.options,
                        }}
                      />
                    ) : (
                      cellText(value)
                    )}
                  </td>
                );
              })}
              <td>
                <span className="lead-tags">
                  {lead.matched_by.map((reason) => (
                    <Tag key={reason} minimal intent="warning">
                      {REASON_LABELS[reason]}
                    </Tag>
                  ))}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
