/**
 * Fields for the component types the registry did not use yet (see docs/requirements.md#records-notes-and-settings): a lead's balance (double,
 * exact NUMERIC: money never passes through floats), the national id shown masked until clicked
 * (clickShow), a third party's lead opened in a modal (leadDetailModal) and the password of a new user
 * (password: never listed or read; the insert hashes it). A fresh database gets them from the seed,
 * which runs after the migrations; a registry seeded before gets them here. Only rows still as the seed
 * wrote them are changed, so an admin's own edits stay.
 */
export const componentFieldsSchema: readonly string[] = [
  `ALTER TABLE leads ADD COLUMN IF NOT EXISTS balance numeric(16,2)`,

  `INSERT INTO crm_fields (table_name, name, display_name, component, category, sort)
    SELECT t.table_name, 'balance', 'Bakiye', 'double', 'Yatırım',
      COALESCE((SELECT max(f.sort) FROM crm_fields f WHERE f.table_name = t.table_name), 0) + 10
    FROM crm_tables t
    WHERE t.table_name IN ('leads', 'customers') AND t.source_table = 'leads'
      AND NOT EXISTS (SELECT 1 FROM crm_fields f WHERE f.table_name = t.table_name AND f.name = 'balance')`,

  `UPDATE crm_fields SET component = 'clickShow'
    WHERE table_name IN ('leads', 'customers') AND name = 'tc' AND component = 'string'`,

  `UPDATE crm_fields SET component = 'leadDetailModal'
    WHERE table_name = 'lead_remitters' AND name = 'lead_id' AND component = 'lead_id'`,

  `INSERT INTO crm_fields (table_name, name, display_name, component, category, show_insert, sort)
    SELECT t.table_name, 'password_hash', 'Şifre', 'password', 'Hesap', 1,
      COALESCE((SELECT max(f.sort) FROM crm_fields f WHERE f.table_name = t.table_name), 0) + 10
    FROM crm_tables t
    WHERE t.table_name = 'users' AND t.source_table = 'users'
      AND NOT EXISTS (SELECT 1 FROM crm_fields f WHERE f.table_name = t.table_name AND f.name = 'password_hash')`,
];
