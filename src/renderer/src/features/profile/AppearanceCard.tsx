import { Card, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { Layout } from '../../../../shared/contract';
import { shellTexts } from '../../i18n/shell-texts';
import { usePreferences } from '../../shell/preferences/preferences-context';
import { isLayout } from '../../shell/preferences/preferences-cache';

const LAYOUT_OPTIONS: { value: Layout; label: string }[] = [
  { value: 'sidebar', label: shellTexts.layoutSidebar },
  { value: 'head_navbar', label: shellTexts.layoutTop },
];

/** docs/requirements.md#shell-lists-and-chat: the theme (menu on the left or on top) is chosen here; ours adds dark mode. Applies at once. */
export function AppearanceCard(): ReactNode {
  const { preferences, save } = usePreferences();
  return (
    <Card className="profile-card" compact>
      <h3 className="profile-card-title">{shellTexts.appearanceTitle}</h3>
      <FormGroup label={shellTexts.layoutLabel} labelFor="theme-layout">
        <HTMLSelect
          id="theme-layout"
          fill
          value={preferences.layout}
          options={LAYOUT_OPTIONS}
          onChange={(event) => {
            const layout = event.currentTarget.value;
            if (isLayout(layout)) save({ layout });
          }}
          data-testid="theme-layout"
        />
      </FormGroup>
      <Switch
        checked={preferences.dark}
        label={shellTexts.darkMode}
        onChange={(event) => save({ dark: event.currentTarget.checked })}
        data-testid="theme-dark"
      />
    </Card>
  );
}
