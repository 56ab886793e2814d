import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, parseDeepLink } from '../../../src/main/deep-link';
import { createDeepLinkHandoff } from '../../../src/main/deep-link-handoff';

describe('parseDeepLink', () => {
  it('reads crm://lead/{id} in the forms browsers and shells pass', () => {
    expect(parseDeepLink('crm://lead/42')).toEqual({ type: 'lead', leadId: 42 });
    expect(parseDeepLink('crm://lead/42/')).toEqual({ type: 'lead', leadId: 42 });
    expect(parseDeepLink('CRM://Lead/42?from=mail#x')).toEqual({ type: 'lead', leadId: 42 });
    expect(parseDeepLink('crm:///lead/7')).toEqual({ type: 'lead', leadId: 7 });
  });

  it('refuses anything else', () => {
    for (const link of [
      'crm://lead/0',
      'crm://lead/-1',
      'crm://lead/1.5',
      'crm://lead/007',
      'crm://lead/12345678901234567',
      'crm://lead/',
      'crm://lead/5/delete',
      'crm://user/5',
      'https://lead/5',
      'crm://lead/5%2F..',
      'not a url',
      `crm://lead/${'1'.repeat(3000)}`,
    ]) {
      expect(parseDeepLink(link), link).toBeNull();
    }
  });
});

describe('deepLinkFromArgv', () => {
  it('finds the link among Chromium switches (Windows passes it as the last argument)', () => {
    expect(deepLinkFromArgv(['C:\\CRM\\crm.exe', '--allow-file-access-from-files', 'crm://lead/9'])).toBe(
      'crm://lead/9',
    );
    expect(deepLinkFromArgv(['/usr/bin/crm-desktop', '--hidden'])).toBeNull();
  });
});

describe('single-instance handoff', () => {
  function setup() {
    const events: string[] = [];
    const handoff = createDeepLinkHandoff({
      focusWindow: () => events.push('focus'),
      openLead: (leadId) => events.push(`open ${leadId}`),
      log: (message) => events.push(`log ${message}`),
    });
    return { handoff, events };
  }

  it('a second launch focuses the first and passes its link once the shell is up', () => {
    const { handoff, events } = setup();
    expect(handoff.takePending()).toBeNull();
    handoff.secondInstance(['crm.exe', '--flag', 'crm://lead/15']);
    expect(events).toEqual(['open 15', 'focus']);
  });

  it('a second launch without a link only focuses', () => {
    const { handoff, events } = setup();
    handoff.takePending();
    handoff.secondInstance(['crm.exe']);
    expect(events).toEqual(['focus']);
  });

  it('a link that started the app waits for the shell, and only the newest waits', () => {
    const { handoff, events } = setup();
    handoff.receive('crm://lead/3');
    handoff.receive('crm://lead/4');
    expect(events).toEqual(['focus', 'focus']);
    expect(handoff.takePending()).toBe(4);
    expect(handoff.takePending()).toBeNull();
  });

  it('holds links again while the page reloads', () => {
    const { handoff, events } = setup();
    handoff.takePending();
    handoff.rendererLoading();
    handoff.secondInstance(['crm.exe', 'crm://lead/8']);
    expect(events).toEqual(['focus']);
    expect(handoff.takePending()).toBe(8);
  });

  it('ignores a foreign link without logging its text', () => {
    const { handoff, events } = setup();
    handoff.takePending();
    handoff.receive('crm://lead/1;rm -rf');
    expect(events[0]).toMatch(/^log Ignored a deep link/);
    expect(events[0]).not.toContain('rm -rf');
    expect(events.at(-1)).toBe('focus');
  });
});
