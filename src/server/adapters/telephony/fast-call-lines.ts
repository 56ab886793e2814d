import { CALL_LINES, type CallLine } from '../../../shared/domain/constants';
import { isCallablePhone, normalizePhone } from '../../../shared/domain/phone';
import { messages } from '../../../shared/i18n/messages';
import { telephonyMessages } from './telephony-messages';

/** The fast-call lines ("hat") of docs/requirements.md#constants-and-limits, as the prefix dialled before the number. */
export type FastCallLinePrefix = `${CallLine}`;
/** '' is the plain /makecall, which leaves the route choice to the PBX dialplan. */
export type CallLinePrefix = '' | FastCallLinePrefix;

export interface FastCallLine {
  prefix: FastCallLinePrefix;
  name: string;
}

function toPrefix(value: CallLine): FastCallLinePrefix {
  return `${value}`;
}

/** İstanbul 0, İzmir 80, Ankara 90; derived from the shared constants so client and server agree. */
export const FAST_CALL_LINES: readonly FastCallLine[] = CALL_LINES.map((line) => ({
  prefix: toPrefix(line.value),
  name: line.label,
}));

/** Extensions are short numbers; the range also keeps anything else out of the AMI Channel line. */
export const DAHILI_PATTERN = /^\d{2,8}$/;
const NUMBER_PATTERN = /^\d{10}$/;
/** Our ActionIDs: letters, digits and dashes; nothing that could end an AMI line. */
const ACTION_ID_PATTERN = /^[A-Za-z0-9._-]{1,80}$/;

export function isCallLinePrefix(value: string): value is CallLinePrefix {
  return value === '' || FAST_CALL_LINES.some((line) => line.prefix === value);
}

/** The `hat` of /makeFastCall, sent as a number or a form string; null when it is not a known line. */
export function parseFastCallLine(hat: unknown): FastCallLinePrefix | null {
  const text = typeof hat === 'number' ? String(hat) : typeof hat === 'string' ? hat.trim() : null;
  return FAST_CALL_LINES.find((line) => line.prefix === text)?.prefix ?? null;
}

export function fastCallLineName(prefix: FastCallLinePrefix): string {
  return FAST_CALL_LINES.find((line) => line.prefix === prefix)?.name ?? prefix;
}

export type CallRequestCheck =
  { ok: true; dahili: string; number: string } | { ok: false; field: 'dahili' | 'phone'; message: string };

/**
 * docs/requirements.md#filters-and-list-input / docs/requirements.md#money-importer-and-lead-input: a call needs the user's dahili (profile) and a number that normalises to 10
 * digits. The dahili is checked first, as the client does, since without it no number helps.
 */
export function validateCallRequest(input: {
  dahili: string | null | undefined;
  phone: string | null | undefined;
}): CallRequestCheck {
  const dahili = (input.dahili ?? '').trim();
  if (dahili === '') return { ok: false, field: 'dahili', message: messages.dahiliRequired };
  if (!DAHILI_PATTERN.test(dahili))
    return { ok: false, field: 'dahili', message: telephonyMessages.invalidDahili };
  const phone = input.phone ?? '';
  if (!isCallablePhone(phone)) return { ok: false, field: 'phone', message: messages.invalidPhoneForCall };
  return { ok: true, dahili, number: normalizePhone(phone) };
}

/**
 * Last guard in the adapters, whatever the route checked: these values end up in AMI lines and in the
 * dialled extension. Returns the Turkish problem, or null when the request is sound.
 */
export function findOriginateProblem(request: {
  dahili: string;
  number: string;
  linePrefix: string;
  leadId: number;
  userId: number;
  callerId?: string;
  actionId?: string;
}): string | null {
  if (!DAHILI_PATTERN.test(request.dahili)) return telephonyMessages.invalidDahili;
  if (!NUMBER_PATTERN.test(request.number)) return messages.invalidPhoneForCall;
  if (!isCallLinePrefix(request.linePrefix)) return telephonyMessages.invalidCallLine;
  const ids = [request.leadId, request.userId];
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return messages.invalidRequest;
  if (request.callerId !== undefined && /[\r\n]/.test(request.callerId)) return messages.invalidRequest;
  if (request.actionId !== undefined && !ACTION_ID_PATTERN.test(request.actionId))
    return messages.invalidRequest;
  return null;
}
