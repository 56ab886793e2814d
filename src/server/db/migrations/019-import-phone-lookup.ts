/**
 * The importer's duplicate check (see docs/user-guide.md#importing-leads) looks up a chunk's phones among the leads' normalised
 * numbers. The GIN index answers one phone well but thousands at once badly (PostgreSQL scans the whole
 * table or spends seconds in the index), and a join over every lead's numbers reads the table once per
 * chunk. One B-tree per position of `phones_normalized` (at most three numbers: phone, phone_2, mobile)
 * answers `= any(phones)` with index probes whatever the table's size; most leads have one number, so
 * the second and third indexes stay small.
 */
export const importPhoneLookupSchema: readonly string[] = [
  `CREATE INDEX IF NOT EXISTS leads_phone_first_idx ON leads ((phones_normalized[1]))
    WHERE phones_normalized[1] IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS leads_phone_second_idx ON leads ((phones_normalized[2]))
    WHERE phones_normalized[2] IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS leads_phone_third_idx ON leads ((phones_normalized[3]))
    WHERE phones_normalized[3] IS NOT NULL`,
];
