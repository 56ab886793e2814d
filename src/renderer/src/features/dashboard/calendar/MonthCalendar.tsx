import { Button, ButtonGroup, Callout, Menu, MenuItem, PopoverNext, Spinner } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CalendarEvent } from '../../../../../shared/contract';
import { notificationState } from '../../../shell/notifications/muted-keywords';
import { leadDetailPath } from '../../../shell/search/search-keyword';
import { format, messages } from '../../../../../shared/i18n/messages';
import { useCrmQuery } from '../../../api/use-crm-call';
import { shellTexts } from '../../../i18n/shell-texts';
import {
  WEEKDAY_NAMES_TR,
  eventTime,
  groupEventsByDay,
  monthGrid,
  monthTitle,
  type CalendarDay,
} from './calendar-grid';
import './calendar.css';

/** Events drawn in a day cell; the rest sit behind "+N daha". */
const EVENTS_PER_CELL = 3;

type CalendarEventButtonProps = { event: CalendarEvent; onOpen: (event: CalendarEvent) => void };

function CalendarEventButton({ event, onOpen }: CalendarEventButtonProps): ReactNode {
  const time = eventTime(event.start);
  return (
    <button
      type="button"
      className={`calendar-event is-${notificationState(event.completed)}`}
      title={`${time} ${event.title}`.trim()}
      disabled={event.lead_id === null}
      onClick={() => onOpen(event)}
      data-testid="calendar-event"
      data-lead-id={event.lead_id ?? undefined}
    >
      {time ? <span className="calendar-event-time">{time}</span> : null}
      <span className="calendar-event-title">{event.title}</span>
    </button>
  );
}

type DayCellProps = {
  day: CalendarDay;
  events: readonly CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
};

function DayCell({ day, events, onOpen }: DayCellProps): ReactNode {
  const shown = events.slice(0, EVENTS_PER_CELL);
  const rest = events.slice(EVENTS_PER_CELL);
  const classes = [
    'calendar-day',
    day.inMonth ? 'is-in-month' : 'is-other-month',
    day.isToday ? 'is-today' : '',
    day.isWeekend ? 'is-weekend' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      role="gridcell"
      data-date={day.date}
      aria-current={day.isToday ? 'date' : undefined}
    >
      <span className="calendar-day-number">{day.dayOfMonth}</span>
      <div className="calendar-day-events">
        {shown.map((event) => (
          <CalendarEventButton key={event.id} event={event} onOpen={onOpen} />
        ))}
        {rest.length > 0 ? (
          <PopoverNext
            placement="bottom-start"
            arrow={false}
            animation="minimal"
            content={
              <Menu className="calendar-more-menu">
                {rest.map((event) => (
                  <MenuItem
                    key={event.id}
                    text={event.title}
                    label={eventTime(event.start)}
                    disabled={event.lead_id === null}
                    onClick={() => onOpen(event)}
                    data-testid="calendar-event"
                  />
                ))}
              </Menu>
            }
          >
            <button type="button" className="calendar-more">
              {format(shellTexts.moreEvents, { count: rest.length })}
            </button>
          </PopoverNext>
        ) : null}
      </div>
    </div>
  );
}

/**
 * docs/requirements.md#shell-lists-and-chat / docs/requirements.md#lead-workspace-and-work-screens dashboard calendar: a Turkish month, week starting Monday, with the user's
 * reminders (POST /calendar/ for the six weeks shown); clicking one opens /leadDetail/{lead_id}.
 */
export function MonthCalendar(): ReactNode {
  const navigate = useNavigate();
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const grid = useMemo(() => monthGrid(month), [month]);
  const events = useCrmQuery('calendar', { body: { start: grid.first, end: grid.last } });
  const byDay = useMemo(() => groupEventsByDay(events.data?.events ?? []), [events.data]);
  const inMonthCount = useMemo(
    () =>
      grid.weeks.flat().reduce((sum, day) => sum + (day.inMonth ? (byDay.get(day.date)?.length ?? 0) : 0), 0),
    [grid, byDay],
  );

  const open = (event: CalendarEvent): void => {
    if (event.lead_id !== null) void navigate(leadDetailPath(event.lead_id));
  };

  return (
    <section className="calendar" data-testid="calendar" aria-label={shellTexts.calendarTitle}>
      <header className="dashboard-card-header">
        <h2 className="dashboard-card-title">{shellTexts.calendarTitle}</h2>
        <span className="calendar-month" data-testid="calendar-month">
          {monthTitle(month)}
        </span>
        {events.isFetching ? <Spinner size={14} /> : null}
        <ButtonGroup className="calendar-nav" variant="minimal">
          <Button
            icon="chevron-left"
            title={shellTexts.previousMonth}
            aria-label={shellTexts.previousMonth}
            onClick={() => setMonth((current) => current.subtract(1, 'month'))}
            data-testid="calendar-prev"
          />
          <Button
            text={shellTexts.today}
            onClick={() => setMonth(dayjs().startOf('month'))}
            data-testid="calendar-today"
          />
          <Button
            icon="chevron-right"
            title={shellTexts.nextMonth}
            aria-label={shellTexts.nextMonth}
            onClick={() => setMonth((current) => current.add(1, 'month'))}
            data-testid="calendar-next"
          />
        </ButtonGroup>
      </header>
      {events.isError ? (
        <Callout
          intent="danger"
          icon="error"
          title={shellTexts.calendarLoadFailed}
          className="dashboard-callout"
        >
          <span>{events.error.message}</span>{' '}
          <Button size="small" icon="refresh" text={messages.retry} onClick={() => void events.refetch()} />
        </Callout>
      ) : null}
      <div className="calendar-grid" role="grid" aria-label={monthTitle(month)}>
        <div className="calendar-weekdays" role="row">
          {WEEKDAY_NAMES_TR.map((name) => (
            <span key={name} className="calendar-weekday" role="columnheader">
              {name}
            </span>
          ))}
        </div>
        {grid.weeks.map((week) => (
          <div key={week[0]?.date} className="calendar-week" role="row">
            {week.map((day) => (
              <DayCell key={day.date} day={day} events={byDay.get(day.date) ?? []} onOpen={open} />
            ))}
          </div>
        ))}
      </div>
      {events.isSuccess && inMonthCount === 0 ? (
        <p className="dashboard-note" data-testid="calendar-empty">
          {shellTexts.calendarEmpty}
        </p>
      ) : null}
    </section>
  );
}
