import { describe, expect, it } from 'vitest';
import { CrmError } from '../../../src/renderer/src/api/crm-error';
import { createConnectionMonitor } from '../../../src/renderer/src/api/connection-monitor';
import { retryDelay, shouldRetry } from '../../../src/renderer/src/app/query-client';

const networkError = new CrmError({ kind: 'network', status: 0, message: 'Crm erişim sorunu' });
const forbidden = new CrmError({ kind: 'forbidden', status: 403, message: 'Yetkiniz yok' });

describe('the connection monitor', () => {
  it('is lost while requests fail on the network or the socket is down, and back when both are fine', () => {
    const monitor = createConnectionMonitor();
    let changes = 0;
    monitor.subscribe(() => (changes += 1));
    expect(monitor.lost()).toBe(false);
    monitor.requestFailed();
    expect(monitor.lost()).toBe(true);
    monitor.socketStatus(false);
    monitor.requestAnswered();
    expect(monitor.lost()).toBe(true);
    monitor.socketStatus(true);
    expect(monitor.lost()).toBe(false);
    expect(changes).toBe(2);
    monitor.socketStatus(false);
    monitor.forgetSocket();
    expect(monitor.lost()).toBe(false);
  });

  it('retries network failures without end once the server has answered, others as before', () => {
    const monitor = createConnectionMonitor();
    expect(shouldRetry(5, networkError, monitor)).toBe(false);
    expect(shouldRetry(1, networkError, monitor)).toBe(true);
    monitor.requestAnswered();
    expect(monitor.everOnline()).toBe(true);
    expect(shouldRetry(50, networkError, monitor)).toBe(true);
    expect(shouldRetry(0, forbidden, monitor)).toBe(false);
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(10)).toBe(5000);
  });
});
