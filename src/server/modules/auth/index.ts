/** What other modules use of the auth module; they import it from here, never from its files (docs/architecture.md#layers). */
export { insertPasswordFields, takePasswordInputs } from './password-inputs';
export { hashPassword, verifyPassword } from './passwords';
export { type AuthUser, hashToken } from './service';
