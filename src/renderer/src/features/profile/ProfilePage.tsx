import { Button, Callout, Card, Spinner, Tab, Tabs } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { departmentLabel, messages } from '../../../../shared/i18n/messages';
import { usePermissions } from '../../api/permissions';
import { useCrmQuery } from '../../api/use-crm-call';
import { shellTexts } from '../../i18n/shell-texts';
import { uiTexts } from '../../i18n/ui-texts';
import { usePageTitle } from '../../shell/top-bar/top-bar-slot';
import { shellInputs } from '../../shell/shell-queries';
import { ActivityTab } from './ActivityTab';
import { AppearanceCard } from './AppearanceCard';
import { ContactCard } from './ContactCard';
import { GlobalShortcutCard } from './GlobalShortcutCard';
import { PasswordTab } from './PasswordTab';
import { conversionDaysText } from './profile-form';
import './profile.css';

type CounterProps = { label: string; value: string; testId: string };

function Counter({ label, value, testId }: CounterProps): ReactNode {
  return (
    <Card className="profile-counter" compact data-testid={testId}>
      <span className="profile-counter-value">{value}</span>
      <span className="profile-counter-label">{label}</span>
    </Card>
  );
}

/**
 * /profile (see docs/requirements.md#shell-lists-and-chat): counters (leads, customers, average lead-to-customer days), tab Şifre and tab
 * Etkinliklerim; beside them dahili and Telegram id, the theme, and the desktop's global shortcut.
 */
export function ProfilePage(): ReactNode {
  usePageTitle(messages.profile);
  const permissions = usePermissions();
  const dashboard = useCrmQuery('userDashboard', shellInputs.userDashboard);
  const me = permissions.data?.me;

  const countersBody = (): ReactNode => {
    if (dashboard.isPending) return <Spinner size={20} />;
    if (dashboard.isError) {
      return (
        <Callout
          intent="danger"
          icon="error"
          title={shellTexts.profileLoadFailed}
          className="profile-callout"
        >
          <span>{dashboard.error.message}</span>{' '}
          <Button
            size="small"
            icon="refresh"
            text={messages.retry}
            onClick={() => void dashboard.refetch()}
          />
        </Callout>
      );
    }
    const { leads, customers, customer_average_conversion_time: conversion } = dashboard.data;
    const days = conversionDaysText(conversion.average_conversion_time, uiTexts.emptyValue);
    return (
      <>
        <Counter
          label={shellTexts.counterLeads}
          value={leads.count.toLocaleString('tr-TR')}
          testId="profile-leads"
        />
        <Counter
          label={shellTexts.counterCustomers}
          value={customers.count.toLocaleString('tr-TR')}
          testId="profile-customers"
        />
        <Counter
          label={shellTexts.counterConversion}
          value={conversion.average_conversion_time === null ? days : `${days} ${shellTexts.days}`}
          testId="profile-conversion"
        />
      </>
    );
  };

  return (
    <div className="page profile-page" data-testid="profile-page">
      <header className="page-header">
        <h1 className="page-title">{messages.profile}</h1>
        {me ? (
          <span className="profile-identity" data-testid="profile-identity">
            {`${me.name} · ${me.email} · ${departmentLabel(me.department)}`}
          </span>
        ) : null}
      </header>
      <div className="profile-counters" data-testid="profile-counters">
        {countersBody()}
      </div>
      <div className="profile-columns">
        <Card className="profile-card profile-tabs-card" compact>
          <Tabs id="profile-tabs" renderActiveTabPanelOnly>
            <Tab
              id="password"
              title={messages.passwordTab}
              panel={<PasswordTab email={me?.email ?? ''} />}
              data-testid="profile-tab-password"
            />
            <Tab
              id="activity"
              title={messages.myActivities}
              panel={
                dashboard.isSuccess ? (
                  <ActivityTab rows={dashboard.data.activity} />
                ) : dashboard.isPending ? (
                  <Spinner size={20} />
                ) : (
                  <p className="profile-muted">{shellTexts.profileLoadFailed}</p>
                )
              }
              data-testid="profile-tab-activity"
            />
          </Tabs>
        </Card>
        <div className="profile-side">
          {me ? (
            <ContactCard
              key={`${me.dahili ?? ''}|${me.telegram_id ?? ''}|${me.default_call_line ?? ''}`}
              me={me}
            />
          ) : null}
          <AppearanceCard />
          <GlobalShortcutCard />
        </div>
      </div>
    </div>
  );
}
