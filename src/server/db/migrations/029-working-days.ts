/**
 * What a department's day needs where one screen hands over to the next (see docs/workflows.md):
 *
 * - lead_statuses.is_default: the status every new lead gets when nothing else names one (the form, the
 *   importer). At most one status carries it; admins move it in the "Lead Durumları" table, whose field
 *   is registered here for databases seeded before (a fresh one gets it from the seed). The demo's "Yeni"
 *   is the default.
 * - users.default_call_line: the fast-call line ("hat") one click on "Ara" uses, set in the profile.
 * - import_reports: the owner step and the duplicate policy chosen before the upload, and how many
 *   existing leads had empty fields filled from the file.
 * - periodic_reports.range_rule: the date range a scheduled report covers as a rule ("son 7 gün", "bu
 *   ay", fixed dates), computed when each mail is sent; last_range is the range the last mail covered.
 */
export const workingDaysSchema: readonly string[] = [
  `ALTER TABLE lead_statuses ADD COLUMN is_default smallint NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))`,
  `CREATE UNIQUE INDEX lead_statuses_one_default_idx ON lead_statuses (is_default) WHERE is_default = 1`,
  `UPDATE lead_statuses SET is_default = 1
    WHERE id = (SELECT id FROM lead_statuses WHERE label = 'Yeni' ORDER BY id LIMIT 1)`,
  `INSERT INTO crm_fields (table_name, name, display_name, component, category, sort)
    SELECT 'lead_statuses', 'is_default', 'Yeni Kayıtların Durumu', 'status', 'Satış',
      coalesce((SELECT max(sort) FROM crm_fields WHERE table_name = 'lead_statuses'), 0) + 10
    WHERE EXISTS (SELECT 1 FROM crm_tables WHERE table_name = 'lead_statuses')
      AND NOT EXISTS (SELECT 1 FROM crm_fields WHERE table_name = 'lead_statuses' AND name = 'is_default')`,
  `ALTER TABLE users ADD COLUMN default_call_line text`,
  `ALTER TABLE import_reports ADD COLUMN duplicate_policy text NOT NULL DEFAULT 'import'
    CHECK (duplicate_policy IN ('skip', 'import', 'update'))`,
  `ALTER TABLE import_reports ADD COLUMN updated integer NOT NULL DEFAULT 0`,
  `ALTER TABLE import_reports ADD COLUMN owner jsonb`,
  `ALTER TABLE periodic_reports ADD COLUMN range_rule jsonb`,
  `ALTER TABLE periodic_reports ADD COLUMN last_range jsonb`,
];
