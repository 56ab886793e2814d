import { describe, expect, it } from 'vitest';
import {
  callLineText,
  callOutcomeIntent,
  callStateLook,
} from '../../../src/renderer/src/components/field-renderers/lead-status/call-outcome-look';
import { callOutcomeStatusSchema } from '../../../src/shared/contract';

describe('call outcome look', () => {
  it('gives every outcome of the contract an intent: answered green, an unreachable extension red', () => {
    for (const status of callOutcomeStatusSchema.options) {
      expect(['success', 'warning', 'danger']).toContain(callOutcomeIntent(status));
    }
    expect(callOutcomeIntent('answered')).toBe('success');
    expect(callOutcomeIntent('unreachable')).toBe('danger');
    expect(callOutcomeIntent('busy')).toBe('warning');
  });

  it('reads a pending call as a warning, never as a failure', () => {
    expect(callStateLook('pending')).toEqual({ text: 'Santral yanıtı bekleniyor', intent: 'warning' });
    expect(callStateLook('failed').intent).toBe('danger');
  });

  it('names the line of a call', () => {
    expect(callLineText('')).toBe('Doğrudan arama');
    expect(callLineText(null)).toBe('Doğrudan arama');
    expect(callLineText('80')).toBe('İzmir hattı');
    expect(callLineText('0')).toBe('İstanbul hattı');
    expect(callLineText('81')).toBe('81 hattı');
  });
});
