import type { ChatCustomer, ChatStepDetail, ChatTimeSlot } from '@contracts/chat-widget.contract';
import type { PublicWidget, WidgetOption } from '@contracts/widget.contract';
import { type CSSProperties, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type HostMessage, fromExpected, parseHostMessage, parseOrigin, PROTOCOL, type AppMessage, widgetSiteOrigins } from '../protocol';
import { ApiError, book, fetchWidget, lookUpSlots, recordAddress, registerChat } from './api';

// The widget app in the iframe: the widget's steps, then the booking flow of 001 §2.6 (phone → register → a slot
// from schedule → address and name → book through action), recording the chat's step details as it goes.

const params = new URLSearchParams(location.search);
const WIDGET_ID = params.get('widgetId') ?? '';
const FRAMED = window.parent !== window;
// The page that frames the app, as the loader reports it; only the widget's sites can frame it (frame-ancestors).
const PARENT = FRAMED ? parseOrigin(params.get('parent')) : null;
const START = 'start';

type Phase =
  | { kind: 'step'; stepId: string }
  | { kind: 'call' }
  | { kind: 'phone' }
  | { kind: 'slots'; slots: ChatTimeSlot[] }
  | { kind: 'address' }
  | { kind: 'confirm' }
  | { kind: 'booked' }
  | { kind: 'expired' };

interface Line {
  id: number;
  sender: 'bot' | 'user';
  text: string;
}

interface Booking {
  option: WidgetOption;
  phone?: string;
  chat?: { chatId: string; interactionId: string; customers: ChatCustomer[] };
  slot?: ChatTimeSlot;
  name?: string;
  address?: { street: string; unit: string; city: string; state: string; zip: string };
  notes: string[];
}

function postToHost(message: AppMessage) {
  if (FRAMED && PARENT) window.parent.postMessage(message, PARENT);
}

const now = () => new Date().toISOString();
const deviceType = () => (window.innerWidth <= 480 || matchMedia('(pointer: coarse)').matches ? 'MOBILE' : 'DESKTOP');

export function formatSlot(slot: ChatTimeSlot): string {
  const opts: Intl.DateTimeFormatOptions = { timeZone: slot.timezone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  try {
    const start = new Date(slot.startUtc).toLocaleString('en-US', opts);
    const end = new Date(slot.endUtc).toLocaleTimeString('en-US', { timeZone: slot.timezone, hour: 'numeric', minute: '2-digit' });
    return `${start} – ${end}`;
  } catch {
    return slot.start;
  }
}

export function App() {
  const [widget, setWidget] = useState<PublicWidget | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'step', stepId: START });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const details = useRef<ChatStepDetail[]>([]);
  const booking = useRef<Booking | null>(null);
  const lineId = useRef(0);
  const controls = useRef<HTMLDivElement>(null);
  const logEnd = useRef<HTMLDivElement>(null);
  // A second click on a submit button while its request runs must not send it again (001: nothing booked twice).
  const inFlight = useRef(false);

  const say = (sender: Line['sender'], text: string) => setLines((ls) => [...ls, { id: ++lineId.current, sender, text }]);
  const record = (step: string, message: string | null, result: string | null, userText?: string) => {
    const messages = [
      ...(message ? [{ text: message, sender: 'bot' as const, timestamp: now() }] : []),
      ...(userText ? [{ text: userText, sender: 'user' as const, timestamp: now() }] : []),
    ];
    details.current = [...details.current, { step, message, result, messages }].slice(-100);
  };

  useEffect(() => {
    if (!WIDGET_ID) {
      setFatal('This widget is not set up: its id is missing.');
      return;
    }
    fetchWidget(WIDGET_ID)
      .then((w) => {
        if (FRAMED && (!PARENT || !widgetSiteOrigins(w.business_website).includes(PARENT))) {
          setFatal('This widget is not available on this site.');
          return;
        }
        if (FRAMED && !w.is_live) {
          // Staff turn "Live on the website" on when the site should show it; until then the loader adds nothing.
          setFatal('This widget is not live yet.');
          postToHost({ protocol: PROTOCOL, type: 'unavailable', reason: 'This widget is not live yet.' });
          return;
        }
        setWidget(w);
        postToHost({
          protocol: PROTOCOL,
          type: 'ready',
          look: { title: w.welcome_title, primaryColor: w.primary_color, textColor: w.text_color, theme: w.theme },
        });
      })
      .catch((e: unknown) => {
        const message = e instanceof ApiError ? e.message : 'This widget could not be loaded.';
        setFatal(message);
        postToHost({ protocol: PROTOCOL, type: 'unavailable', reason: message });
      });
  }, []);

  useEffect(() => {
    if (!FRAMED || !PARENT) return;
    const onMessage = (event: MessageEvent) => {
      if (!fromExpected(event, PARENT, window.parent)) return;
      const message: HostMessage | null = parseHostMessage(event.data);
      if (message?.type === 'open') controls.current?.querySelector<HTMLElement>('button, input, a')?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') postToHost({ protocol: PROTOCOL, type: 'close' });
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  // Each step's bot message, once, when the widget reaches it.
  const shownStep = useRef<string | null>(null);
  useEffect(() => {
    if (!widget || phase.kind !== 'step' || shownStep.current === phase.stepId) return;
    shownStep.current = phase.stepId;
    const step = widget.steps[phase.stepId];
    if (!step) return;
    say('bot', step.message);
    if (step.options.length === 0 && !step.input && step.nextStep) {
      record(phase.stepId, step.message, null);
      shownStep.current = null;
      setPhase({ kind: 'step', stepId: step.nextStep });
    }
  }, [widget, phase]);

  // New controls take the focus (keyboard users follow the conversation), and the log scrolls to the newest line.
  useEffect(() => {
    logEnd.current?.scrollIntoView?.({ block: 'end' });
    if (document.hasFocus() && widget) controls.current?.querySelector<HTMLElement>('input, button:not([data-secondary]), a')?.focus();
  }, [phase, widget]);

  if (fatal) {
    return (
      <main className="widget">
        <p role="alert" className="fatal" data-testid="widget-fatal">
          {fatal}
        </p>
      </main>
    );
  }
  if (!widget) return <main className="widget" aria-busy="true" />;

  const theme = { '--primary': widget.primary_color, '--secondary': widget.secondary_color, '--text': widget.text_color } as CSSProperties;

  async function run(action: () => Promise<void>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      if (e instanceof ApiError && e.isWorkflowExpired) {
        say('bot', 'This booking session expired before it was finished.');
        setPhase({ kind: 'expired' });
      } else setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function pickOption(stepId: string, option: WidgetOption) {
    const step = widget!.steps[stepId]!;
    say('user', option.text);
    record(stepId, step.message, option.text, option.text);
    shownStep.current = null;
    if (option.action === 'NEXT_STEP' && option.nextStep) setPhase({ kind: 'step', stepId: option.nextStep });
    else if (option.action === 'CALL_BUSINESS') {
      say('bot', widget!.business_contact ? `Call us at ${widget!.business_contact}.` : 'Please call our office.');
      setPhase({ kind: 'call' });
    } else if (option.action === 'BOOKING') {
      booking.current = { option, notes: [...(booking.current?.notes ?? [])] };
      if (option.dispatchFee !== undefined)
        say('bot', `A dispatch fee of $${option.dispatchFee} applies${widget!.dispatch_fee_value_build ? `: ${widget!.dispatch_fee_value_build}` : '.'}`);
      say('bot', 'What is the best mobile number to reach you?');
      setPhase({ kind: 'phone' });
    }
  }

  function answerInput(stepId: string, text: string) {
    const step = widget!.steps[stepId]!;
    say('user', text);
    record(stepId, step.message, text, text);
    booking.current = { option: booking.current?.option ?? { text: 'Website booking', action: 'BOOKING' }, notes: [...(booking.current?.notes ?? []), text] };
    shownStep.current = null;
    setPhase({ kind: 'step', stepId: step.input!.nextStep });
  }

  const submitPhone = (phone: string) =>
    run(async () => {
      const b = booking.current!;
      // A chat already registered with this phone (its slot lookup failed) is looked up again, not registered anew.
      if (!b.chat || b.phone !== phone) {
        b.chat = await registerChat(
          { phone, orgId: widget!.org_id, chatDetails: details.current, deviceType: deviceType(), widgetId: widget!.id },
          PARENT ?? '',
        );
        b.phone = phone;
        say('user', phone);
        record('phone', 'What is the best mobile number to reach you?', phone, phone);
      }
      const chat = b.chat;
      b.name = chat.customers[0]?.name;
      const priority = b.option.priority;
      const slots = await lookUpSlots(
        {
          orgId: widget!.org_id,
          chatId: chat.chatId,
          startsOnOrAfter: now(),
          ...(priority !== undefined && priority >= 1 && priority <= 5 ? { priority } : {}),
          ...(b.option.jobTypeId ? { jobTypeId: b.option.jobTypeId } : {}),
          ...(b.option.businessUnitId ? { businessUnitId: b.option.businessUnitId } : {}),
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          chatDetails: details.current,
        },
        PARENT ?? '',
      );
      const greeting = b.name ? `Welcome back, ${b.name.split(' ')[0]}!` : 'Thanks!';
      say('bot', slots.length ? `${greeting} Pick a time that suits you:` : `${greeting} We have no open times online right now. Please call us instead.`);
      setPhase(slots.length ? { kind: 'slots', slots: slots.slice(0, 12) } : { kind: 'call' });
    });

  function pickSlot(slot: ChatTimeSlot) {
    const label = formatSlot(slot);
    say('user', label);
    record('schedule', 'Pick a time that suits you:', slot.startUtc, label);
    booking.current!.slot = slot;
    say('bot', 'Where should the technician come? And whose name is the visit under?');
    setPhase({ kind: 'address' });
  }

  const submitAddress = (name: string, address: NonNullable<Booking['address']>) =>
    run(async () => {
      const b = booking.current!;
      await recordAddress(
        {
          orgId: widget!.org_id,
          chatId: b.chat!.chatId,
          interactionId: b.chat!.interactionId,
          chatDetails: details.current,
          address: { street: address.street, city: address.city, state: address.state, zip: address.zip, ...(address.unit ? { unit: address.unit } : {}) },
          customer_name: name,
          ...(b.chat!.customers[0] ? { customer_id: b.chat!.customers[0].id } : {}),
        },
        PARENT ?? '',
      );
      const where = [address.street, address.unit, address.city, address.state, address.zip].filter(Boolean).join(', ');
      say('user', `${name}, ${where}`);
      record('address', 'Where should the technician come?', where, `${name}, ${where}`);
      b.name = name;
      b.address = address;
      say('bot', `Please confirm: ${formatSlot(b.slot!)} at ${where}.`);
      setPhase({ kind: 'confirm' });
    });

  const confirmBooking = () =>
    run(async () => {
      const b = booking.current!;
      record('confirm', 'Please confirm the booking.', 'Book appointment');
      await book(
        {
          source: 'Website widget',
          name: b.name!,
          orgId: widget!.org_id,
          chatId: b.chat!.chatId,
          interactionId: b.chat!.interactionId,
          contacts: [{ type: 'Mobile', value: b.phone! }],
          type: 'Residential',
          startTime: b.slot!.startUtc,
          summary: [b.option.text, ...b.notes].join(' — ').slice(0, 4000),
          isFirstTimeClient: b.chat!.customers.length === 0,
          chatDetails: details.current,
          ...(b.slot!.jobTypeId ? { jobTypeId: b.slot!.jobTypeId } : b.option.jobTypeId ? { jobTypeId: b.option.jobTypeId } : {}),
          ...(b.slot!.businessUnitId ? { businessUnitId: b.slot!.businessUnitId } : b.option.businessUnitId ? { businessUnitId: b.option.businessUnitId } : {}),
        },
        PARENT ?? '',
      );
      say('bot', `You're booked for ${formatSlot(b.slot!)}. We'll text ${b.phone} before we arrive.`);
      setPhase({ kind: 'booked' });
    });

  function startAgain() {
    details.current = [];
    booking.current = null;
    shownStep.current = null;
    setLines([]);
    setError(null);
    setPhase({ kind: 'step', stepId: START });
  }

  let body: ReactNode = null;
  if (phase.kind === 'step') {
    const step = widget.steps[phase.stepId];
    if (step)
      body = (
        <>
          {step.options.length > 0 && (
            <div className="options" role="group" aria-label="Choices">
              {step.options.map((option, i) => (
                <button key={i} type="button" className="option" onClick={() => pickOption(phase.stepId, option)}>
                  {option.text}
                </button>
              ))}
            </div>
          )}
          {step.input && <TextForm label="Your answer" name="answer" submit="Send" onSubmit={(v) => answerInput(phase.stepId, v)} />}
        </>
      );
  } else if (phase.kind === 'call') {
    body = widget.business_contact ? (
      <a className="option" href={`tel:${widget.business_contact.replace(/[^\d+]/g, '')}`}>
        Call {widget.business_contact}
      </a>
    ) : null;
  } else if (phase.kind === 'phone') {
    body = <TextForm label="Mobile phone" name="phone" type="tel" autoComplete="tel" submit="Continue" busy={busy} onSubmit={(v) => void submitPhone(v)} />;
  } else if (phase.kind === 'slots') {
    body = (
      <div className="options" role="group" aria-label="Open times">
        {phase.slots.map((slot) => (
          <button key={slot.startUtc + (slot.businessUnitId ?? '')} type="button" className="option" onClick={() => pickSlot(slot)}>
            {formatSlot(slot)}
          </button>
        ))}
      </div>
    );
  } else if (phase.kind === 'address') {
    body = <AddressForm busy={busy} defaultName={booking.current?.name ?? ''} onSubmit={(name, address) => void submitAddress(name, address)} />;
  } else if (phase.kind === 'confirm') {
    body = (
      <button type="button" className="primary" data-testid="widget-book" aria-disabled={busy} onClick={() => void confirmBooking()}>
        {busy ? 'Booking…' : 'Book appointment'}
      </button>
    );
  } else if (phase.kind === 'expired') {
    body = (
      <button type="button" className="primary" onClick={startAgain}>
        Start again
      </button>
    );
  }

  return (
    <main className={`widget ${widget.theme}`} style={theme}>
      <header className="head">
        {widget.logo_url && <img className="logo" src={widget.logo_url} alt={widget.business_name ? `${widget.business_name} logo` : ''} />}
        <h1>{widget.welcome_title}</h1>
        {FRAMED && (
          <button type="button" className="close" data-secondary aria-label="Close" onClick={() => postToHost({ protocol: PROTOCOL, type: 'close' })}>
            ×
          </button>
        )}
      </header>
      {widget.enable_emergency_button && widget.business_contact && (
        <a className="emergency" data-secondary href={`tel:${widget.business_contact.replace(/[^\d+]/g, '')}`}>
          Emergency? Call now {widget.business_contact}
        </a>
      )}
      {widget.dispatch_fee_message && <p className="fee">{widget.dispatch_fee_message}</p>}
      <div className="log" role="log" aria-live="polite" aria-label="Conversation">
        {lines.map((line) => (
          <p key={line.id} className={`line ${line.sender}`}>
            <span className="sr-only">{line.sender === 'bot' ? `${widget.business_name ?? 'Assistant'}: ` : 'You: '}</span>
            {line.text}
          </p>
        ))}
        <div ref={logEnd} />
      </div>
      <div className="controls" ref={controls}>
        {error && (
          <p role="alert" className="error" data-testid="widget-error">
            {error}
          </p>
        )}
        {body}
      </div>
    </main>
  );
}

function TextForm(props: {
  label: string;
  name: string;
  submit: string;
  type?: string;
  autoComplete?: string;
  busy?: boolean;
  onSubmit: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) props.onSubmit(value.trim());
  };
  return (
    <form className="form" onSubmit={onSubmit}>
      <label htmlFor={`f-${props.name}`}>{props.label}</label>
      <div className="row">
        <input
          id={`f-${props.name}`}
          name={props.name}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="primary" aria-disabled={props.busy}>
          {props.submit}
        </button>
      </div>
    </form>
  );
}

const ADDRESS_FIELDS = [
  ['street', 'Street address', 'address-line1', true],
  ['unit', 'Apartment or unit (optional)', 'address-line2', false],
  ['city', 'City', 'address-level2', true],
  ['state', 'State', 'address-level1', true],
  ['zip', 'ZIP code', 'postal-code', true],
] as const;

function AddressForm(props: { busy: boolean; defaultName: string; onSubmit: (name: string, address: NonNullable<Booking['address']>) => void }) {
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const get = (k: string) => String(data.get(k) ?? '').trim();
    props.onSubmit(get('name'), { street: get('street'), unit: get('unit'), city: get('city'), state: get('state'), zip: get('zip') });
  };
  return (
    <form className="form address" onSubmit={onSubmit}>
      <label htmlFor="f-name">Your name</label>
      <input id="f-name" name="name" autoComplete="name" required defaultValue={props.defaultName} />
      {ADDRESS_FIELDS.map(([name, label, autoComplete, required]) => (
        <div key={name} className="field">
          <label htmlFor={`f-${name}`}>{label}</label>
          <input id={`f-${name}`} name={name} autoComplete={autoComplete} required={required} />
        </div>
      ))}
      <button type="submit" className="primary" aria-disabled={props.busy}>
        Continue
      </button>
    </form>
  );
}
