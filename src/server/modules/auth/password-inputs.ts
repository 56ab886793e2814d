import { passwordProblem } from '../../../shared/domain/password-policy';
import { messages } from '../../../shared/i18n/messages';
import type { TableAccess } from '../../engine/permission-resolver';
import { invalidField, type WriteInput } from '../../engine/record-writer';
import type { FieldDefinition } from '../../engine/types';
import { DomainError } from '../../domain-errors';
import { hashPassword } from './passwords';

/**
 * Password components (see docs/requirements.md#records-notes-and-settings) are never listed, read or written by the generic engine. The one place
 * a password enters through it is the insert form of a table that shows one (show_insert 1, e.g. a new
 * user's Şifre): the value is checked against the password policy and stored only as its argon2id hash.
 */

type Inputs = Readonly<Record<string, WriteInput>>;

/** The password fields an insert form of this table takes. */
export function insertPasswordFields(access: Pick<TableAccess, 'table'>): FieldDefinition[] {
  return access.table.fields.filter(
    (field) =>
      field.component === 'password' &&
      field.showInsert === 1 &&
      field.name !== 'id' &&
      !field.column.generated,
  );
}

export interface PasswordInputs {
  /** The inputs without the password fields, for the generic writer. */
  readonly inputs: Inputs;
  /** Column -> argon2id hash, to be written with the row. */
  readonly hashed: ReadonlyMap<string, string>;
}

/**
 * Takes the password fields out of an insert's inputs and hashes them. Whoever sets a password creates
 * credentials, so they must be allowed to write every other value they send too: a show_insert field
 * alone (a user's group or department) would otherwise let a manager create an account above their own
 * rights. A missing password is left to the required-field check ('Zorunlu alan eksik: Şifre').
 */
export async function takePasswordInputs(access: TableAccess, inputs: Inputs): Promise<PasswordInputs> {
  const fields = insertPasswordFields(access).filter((field) => {
    const raw = inputs[field.name];
    return raw !== undefined && raw !== null && raw !== '';
  });
  if (fields.length === 0) return { inputs, hashed: new Map() };

  const passwordNames = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(inputs)) {
    if (!passwordNames.has(name) && !access.writableNames.has(name)) {
      throw DomainError.forbidden(messages.forbidden);
    }
  }
  const email = typeof inputs.email === 'string' ? inputs.email : '';
  const hashed = new Map<string, string>();
  for (const field of fields) {
    const raw = inputs[field.name];
    if (typeof raw !== 'string') throw invalidField(field);
    const problem = passwordProblem(raw, email);
    if (problem !== null) throw DomainError.invalid(problem);
    hashed.set(field.name, await hashPassword(raw));
  }
  const rest = Object.fromEntries(Object.entries(inputs).filter(([name]) => !passwordNames.has(name)));
  return { inputs: rest, hashed };
}
