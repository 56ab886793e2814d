import { describe, expect, it } from 'vitest';
import { probePostgres, probeRedis, safeUrl } from '../../../scripts/lib/service-probe';

// Port 1 on loopback: nothing listens there, so the connection is refused at once.
describe('service probes', () => {
  it('report PostgreSQL that does not answer, without its password', async () => {
    const probe = await probePostgres({ DATABASE_URL: 'postgres://crm:secret@127.0.0.1:1/test' });
    expect(probe).toEqual({
      missing: expect.stringContaining('PostgreSQL does not answer at postgres://crm:***@127.0.0.1:1/test'),
    });
    expect(JSON.stringify(probe)).not.toContain('secret');
  });

  it('report Redis that does not answer', async () => {
    const probe = await probeRedis({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(probe).toEqual({
      missing: expect.stringContaining('Redis does not answer at redis://127.0.0.1:1'),
    });
  });

  it('safeUrl hides the password only', () => {
    expect(safeUrl('redis://:pw@cache:6379/0')).toBe('redis://:***@cache:6379/0');
    expect(safeUrl('postgres://postgres@127.0.0.1:5432/test')).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
  });
});
