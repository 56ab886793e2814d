import { describe, expect, it } from 'vitest';
import { APPROVAL, DEFAULT_STATUS_FLOWS, TRX_STATUS as S } from '../../../src/shared/domain/transaction-flow';
import {
  approvalViolation,
  moneyLocked,
  nextStatusesFor,
  queueStatuses,
  reversible,
  statusFitsType,
  stepOwningStatus,
} from '../../../src/shared/domain/transaction-state';

const D = 'YATIRIM';
const W = 'ÇEKİM';
const flows = Object.entries(DEFAULT_STATUS_FLOWS).map(([id, flow]) => ({ id: Number(id), flow }));

describe('transaction state machine rules', () => {
  it('statuses fit their type: 12 and 2 deposits only, 5, 15 and 16 withdrawals only', () => {
    expect(statusFitsType(S.depositCompleted, W)).toBe(false);
    expect(statusFitsType(S.depositCompleted, D)).toBe(true);
    expect(statusFitsType(S.riskApproved, D)).toBe(false);
    expect(statusFitsType(S.paymentSent, D)).toBe(false);
    expect(statusFitsType(S.financeApproved, D)).toBe(true);
    expect(statusFitsType(S.financeApproved, W)).toBe(true);
  });

  it("risk's buttons at 14 follow the type", () => {
    const flow = DEFAULT_STATUS_FLOWS[S.financeApproved];
    expect(nextStatusesFor(flow, 'risk', W)).not.toContain(S.depositCompleted);
    expect(nextStatusesFor(flow, 'risk', W)).toContain(S.riskApproved);
    expect(nextStatusesFor(flow, 'risk', D)).toContain(S.depositCompleted);
    expect(nextStatusesFor(flow, 'risk', D)).not.toContain(S.riskApproved);
  });

  it('decisions own their statuses', () => {
    expect(stepOwningStatus(S.financeApproved, D)).toBe('depositOk');
    expect(stepOwningStatus(S.financeApproved, W)).toBe('finansOkWithdrawal');
    expect(stepOwningStatus(S.riskCancelled, W)).toBe('riskCanceled');
    expect(stepOwningStatus(S.onHold, D)).toBeNull();
  });

  it('a status never stands without the approvals before it', () => {
    const row = {
      type: D,
      status_id: S.depositCompleted,
      finance_approve_status: null,
      risk_approve_status: null,
    };
    expect(approvalViolation(row)).toBe('finance approval missing');
    expect(approvalViolation({ ...row, finance_approve_status: APPROVAL.approved })).toBe(
      'risk approval missing',
    );
    expect(
      approvalViolation({
        ...row,
        finance_approve_status: APPROVAL.approved,
        risk_approve_status: APPROVAL.approved,
      }),
    ).toBeNull();
    expect(approvalViolation({ ...row, type: W })).toBe('status does not fit the type');
    expect(approvalViolation({ ...row, status_id: S.financeApproved })).toBe('finance approval missing');
    expect(approvalViolation({ ...row, status_id: S.onHold })).toBeNull();
  });

  it('money locks at the first finance approval and stays locked', () => {
    expect(moneyLocked({ status_id: S.depositRequested, finance_approve_status: null })).toBe(false);
    expect(moneyLocked({ status_id: S.financeApproved, finance_approve_status: APPROVAL.approved })).toBe(
      true,
    );
    expect(
      moneyLocked({
        status_id: S.underReview,
        finance_approve_status: APPROVAL.cancelled,
        locked_at: '2026-01-01',
      }),
    ).toBe(true);
    expect(moneyLocked({ status_id: S.depositCompleted, finance_approve_status: null })).toBe(true);
  });

  it('only completed, unreversed transactions are reversible', () => {
    expect(reversible({ status_id: S.depositCompleted })).toBe(true);
    expect(reversible({ status_id: S.paymentSent, reversed_by_id: 9 })).toBe(false);
    expect(reversible({ status_id: S.financeApproved })).toBe(false);
  });

  it("each department's queue is where its flow acts", () => {
    expect(queueStatuses(flows, 'risk')).toEqual([S.financeApproved]);
    const finance = queueStatuses(flows, 'finance');
    expect(finance).toContain(S.depositRequested);
    expect(finance).toContain(S.riskApproved);
    expect(finance).not.toContain(S.depositCompleted);
    expect(queueStatuses(flows, 'sales')).toEqual([]);
  });
});
