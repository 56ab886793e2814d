import { describe, expect, it } from 'vitest';
import {
  isAllowedPermission,
  isAllowedRedirect,
  contentSecurityPolicy,
  DEFAULT_LINK_HOSTS,
  externalLinkTarget,
  hostAllowed,
  isAllowedNavigation,
  isRendererUrl,
  linkHostAllowList,
  windowOpenDecision,
} from '../../../src/main/security-policy';
import { safePdfFileName } from '../../../src/shared/domain/document-file';
import { safeExportFileName } from '../../../src/shared/domain/export';

const directives = (csp: string): Map<string, string> =>
  new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe('contentSecurityPolicy', () => {
  it('allows only our own scripts and no network beyond self', () => {
    const csp = directives(contentSecurityPolicy(null));
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('adds an API origin to connect-src only when given', () => {
    expect(directives(contentSecurityPolicy('https://crm.firma.com')).get('connect-src')).toBe(
      "'self' https://crm.firma.com",
    );
  });

  it("allows inline scripts only for the dev server's React refresh preamble", () => {
    expect(directives(contentSecurityPolicy(null, { dev: true })).get('script-src')).toBe(
      "'self' 'unsafe-inline'",
    );
  });
});

describe('renderer URL checks', () => {
  const packaged = 'file:///C:/Program%20Files/CRM/resources/app.asar/out/renderer/index.html';
  const dev = 'http://localhost:5173/';

  it('accepts the packaged index.html with any hash route', () => {
    expect(isRendererUrl(`${packaged}#/leadDetail/5`, packaged)).toBe(true);
    expect(isRendererUrl('file:///C:/Users/x/Downloads/index.html', packaged)).toBe(false);
    expect(isRendererUrl('https://evil.example/out/renderer/index.html', packaged)).toBe(false);
  });

  it('accepts the dev server origin only', () => {
    expect(isRendererUrl('http://localhost:5173/list/leads', dev)).toBe(true);
    expect(isRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isRendererUrl('http://localhost.evil.example:5173/', dev)).toBe(false);
    expect(isRendererUrl('not a url', dev)).toBe(false);
  });

  it('lets the window navigate only within the renderer', () => {
    expect(isAllowedNavigation('http://localhost:5173/login', dev)).toBe(true);
    expect(isAllowedNavigation('https://www.google.com/', dev)).toBe(false);
    expect(isAllowedNavigation('file:///etc/passwd', packaged)).toBe(false);
  });
});

describe('windowOpenDecision', () => {
  it('always denies a new window and opens https links of allowed hosts in the browser', async () => {
    const opened: string[] = [];
    const open = (url: string): Promise<void> => {
      opened.push(url);
      return Promise.resolve();
    };
    const allowed = ['www.spk.gov.tr'];
    expect(windowOpenDecision('https://www.spk.gov.tr/duyurular', open, allowed)).toEqual({ action: 'deny' });
    expect(windowOpenDecision('https://evil.example/phish', open, allowed)).toEqual({ action: 'deny' });
    expect(windowOpenDecision('http://insecure.example/', open)).toEqual({ action: 'deny' });
    expect(windowOpenDecision('file:///C:/Windows/System32/calc.exe', open)).toEqual({ action: 'deny' });
    expect(windowOpenDecision('javascript:alert(1)', open)).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://www.spk.gov.tr/duyurular']);
  });

  it('does not let a failing browser start escape as an unhandled rejection', async () => {
    expect(
      windowOpenDecision('https://wa.me/905321234567', () => Promise.reject(new Error('no browser'))),
    ).toEqual({
      action: 'deny',
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});

describe('external link allow-list', () => {
  it('opens WhatsApp by default and nothing else', () => {
    expect(externalLinkTarget('https://wa.me/905321234567?text=Merhaba', DEFAULT_LINK_HOSTS)).toBe(
      'https://wa.me/905321234567?text=Merhaba',
    );
    expect(externalLinkTarget('https://www.google.com/', DEFAULT_LINK_HOSTS)).toBeNull();
    expect(externalLinkTarget('http://wa.me/90532', DEFAULT_LINK_HOSTS)).toBeNull();
  });

  it('hands mailto: to the mail program', () => {
    expect(externalLinkTarget('mailto:ayse@example.com', [])).toBe('mailto:ayse@example.com');
  });

  it('refuses look-alike hosts and credentials that dress one host up as another', () => {
    expect(externalLinkTarget('https://wa.me.evil.example/', ['wa.me'])).toBeNull();
    expect(externalLinkTarget('https://wa.me@evil.example/', ['wa.me'])).toBeNull();
    expect(externalLinkTarget('https://user:pw@wa.me/', ['wa.me'])).toBeNull();
  });

  it('matches *.host patterns on subdomains and the host itself only', () => {
    expect(hostAllowed('kap.org.tr', ['*.kap.org.tr'])).toBe(true);
    expect(hostAllowed('www.kap.org.tr', ['*.kap.org.tr'])).toBe(true);
    expect(hostAllowed('evilkap.org.tr', ['*.kap.org.tr'])).toBe(false);
    expect(hostAllowed('WWW.SPK.GOV.TR.', ['www.spk.gov.tr'])).toBe(true);
  });

  it("adds the CRM server's host and IT's AllowedLinkHosts", () => {
    expect(linkHostAllowList('https://crm.firma.com.tr/api', ['www.spk.gov.tr', 'wa.me'])).toEqual([
      'wa.me',
      'crm.firma.com.tr',
      'www.spk.gov.tr',
    ]);
    expect(linkHostAllowList(null)).toEqual(['wa.me']);
  });
});

describe('bidi controls, redirects and permissions', () => {
  it('drops bidi controls from external links and suggested file names', () => {
    expect(externalLinkTarget('mailto:ayse@example.com\u202e', [])).toBe('mailto:ayse@example.com');
    expect(externalLinkTarget('https://www.spk.gov.tr/\u202egnp.exe', ['www.spk.gov.tr'])).toBe(
      'https://www.spk.gov.tr/gnp.exe',
    );
    expect(safeExportFileName('rapor\u202exslx.exe')).toBe('raporxslx.exe.xlsx');
    expect(safePdfFileName('teklif\u2067fdp.exe')).toBe('tekliffdp.exe.pdf');
  });

  it('stops redirects of a window away from the renderer, and denies every permission but the clipboard', () => {
    const renderer = 'file:///opt/crm/resources/app.asar/out/renderer/index.html';
    expect(isAllowedRedirect('https://kotu.example/', renderer)).toBe(false);
    expect(isAllowedRedirect(renderer, renderer)).toBe(true);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      expect(isAllowedPermission(permission)).toBe(false);
    }
    expect(isAllowedPermission('clipboard-sanitized-write')).toBe(true);
  });
});
