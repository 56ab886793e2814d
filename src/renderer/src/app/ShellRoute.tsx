import type { ReactNode } from 'react';
import { ForcedPasswordChange } from '../features/profile';
import { AppShell } from '../shell/AppShell';

/** The signed-in shell, given the profile's forced password change (the shell imports no feature). */
export function ShellRoute(): ReactNode {
  return <AppShell passwordChange={ForcedPasswordChange} />;
}
