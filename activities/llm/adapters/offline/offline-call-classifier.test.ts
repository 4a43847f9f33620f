import { type Action, type CallType, InteractionInputSchema } from '../../../../domain/interaction/interaction.schema';
import { CallAnalysis } from './offline-call-analysis';
import { OFFLINE_ANSWERS } from './offline-task-answers';
import { languageOf, negatedAt, normalise, stem, tokenise } from './cue-text';

// Phrasings written for these tests, apart from the cue lexicon and from the held-out calls.

function call(
  lines: string[],
  opts: {
    direction?: 'inbound' | 'outbound';
    actions?: Partial<Action>[];
    endedReason?: string;
    agentType?: 'HAPPY_CALLS_AGENT' | 'ESTIMATE_FOLLOWUPS_AGENT';
  } = {},
) {
  return InteractionInputSchema.parse({
    direction: opts.direction ?? 'inbound',
    agentType: opts.agentType ?? (opts.direction === 'outbound' ? 'SALES_AGENT' : 'RECEPTIONIST'),
    org: { name: 'Acme Home Services', timezone: 'America/Denver' },
    transcript: lines.map((l, i) => ({
      role: l.startsWith('A:') ? 'agent' : l.startsWith('U:') ? 'Unknown' : 'user',
      message: l.slice(2).trim(),
      timestamp: `00:${String(i * 4).padStart(2, '0')}`,
      seconds: i * 4,
    })),
    facts: { actions: (opts.actions ?? []).map((a, i) => ({ id: `act-${i}`, status: 'COMPLETED', payload: {}, ...a })), endedReason: opts.endedReason ?? null },
  });
}

const typeOf = (lines: string[], opts?: Parameters<typeof call>[1]) => new CallAnalysis(call(lines, opts)).callType;

describe('cue text normalisation', () => {
  it('expands contractions, with or without the apostrophe, and folds accents', () => {
    expect(normalise("We're not, I don't, it won't, can't, dont, isnt, Habla Español?")).toBe(
      'we are not, i do not, it will not, can not, do not, is not, habla espanol?',
    );
  });

  it('stems plurals and tenses to one form', () => {
    expect(['leaks', 'leaking', 'leaked'].map(stem)).toEqual(['leak', 'leak', 'leak']);
    expect(['schedule', 'scheduled', 'scheduling'].map(stem)).toEqual(['schedul', 'schedul', 'schedul']);
    expect(['clogged', 'stopped'].map(stem)).toEqual(['clog', 'stop']);
  });

  it('scopes a negation to a few words of its own clause', () => {
    const tokens = tokenise("I don't really need a plumber, but the sink is leaking");
    const need = tokens.findIndex((t) => t.stem === 'need');
    const leak = tokens.findIndex((t) => t.stem === 'leak');
    expect(negatedAt(tokens, need)?.word).toBe('not');
    expect(negatedAt(tokens, leak)).toBeNull();
  });

  it('tells Spanish from English', () => {
    expect(languageOf('Hola, necesito ayuda con la calefacción por favor')).toBe('es');
    expect(languageOf('Hi, I need help with the heating please')).toBe('en');
  });
});

describe('offline call classification', () => {
  const cases: [CallType, string, string[], Parameters<typeof call>[1]?][] = [
    [
      'Booked',
      'a completed booking, whatever was said',
      ['C: The outlet in my bathroom sparks when I plug anything in.', 'A: Booked you for 9am.'],
      { actions: [{ type: 'job_booking' }] },
    ],
    [
      'Unbooked',
      'a problem and a request, nothing booked',
      ['C: Our hot water heater is dripping from the bottom.', 'C: Could somebody swing by this week?', 'A: Let me see.'],
    ],
    [
      'Unbooked',
      'a dropped booking is a lead not booked',
      ['C: Yes, please.', 'A: Something went wrong on my side.'],
      { actions: [{ type: 'job_booking', status: 'DROPPED' }] },
    ],
    [
      'Excused',
      'a price asked on the call',
      ['C: Before anything, how much do you charge for a drain cleaning?', 'A: It depends.', 'C: I only want a number.'],
    ],
    ['Excused', 'a caller who asks for a person', ['C: Can you get me a live agent? The furnace is acting up.']],
    [
      'Excused',
      'a caller who will decide later',
      ['C: The roof has a few missing shingles.', 'A: I can come Thursday.', 'C: I need to run it by my wife first.'],
    ],
    ['Excused', 'a transfer to a person', ['C: My toilet is overflowing.', 'A: Let me connect you to our dispatcher.'], { endedReason: 'transferred' }],
    ['Excused', 'voicemail', ['C: Please leave your message after the tone.', 'A: Hi, this is Acme returning your call.'], { direction: 'outbound' }],
    [
      'Excused',
      'a sales pitch to the business',
      ['C: Hi, I help home service companies get more customers with online marketing.', 'C: Do you have a minute for the owner?'],
    ],
    ['NotLead', 'a wrong number', ['C: Oh, I must have dialed wrong, sorry!']],
    ['NotLead', 'a supplier', ['C: Hey, this is Carrier distribution, your parts order shipped today.']],
    ['NotLead', 'a job seeker', ['C: Are you guys hiring apprentices right now?']],
    [
      'NotLead',
      'a cancellation of an existing job',
      ['C: I need to cancel my appointment on Thursday.', 'A: It is cancelled.'],
      { actions: [{ type: 'job_cancel' }] },
    ],
    ['Abandoned', 'silence', ['A: Thanks for calling Acme, how can I help?']],
    ['Abandoned', 'a hang-up before any request', ['A: Thanks for calling.', 'C: Hi, um.']],
  ];

  // Rows padded to four cells: with fewer, jest would pass its done callback as the options.
  it.each(cases.map(([t, label, lines, opts]) => [t, label, lines, opts ?? {}] as const))('%s: %s', (expected, _label, lines, opts) => {
    expect(typeOf([...lines], opts).value).toBe(expected);
  });

  it('reads negations: not needing service is not a lead, a negated problem word is not a problem', () => {
    expect(typeOf(["C: We don't need a plumber anymore, my brother fixed it.", 'A: Okay.']).value).not.toBe('Unbooked');
    expect(typeOf(["C: We're not looking for anything, thanks."], { direction: 'outbound' }).value).toBe('Unbooked');
    expect(typeOf(['C: Not interested.'], { direction: 'outbound' }).reason).toContain("'not interest");
  });

  it('joins an objection spread over several sentences to the fee the agent stated', () => {
    const lines = [
      'C: My heat pump is making a rattling sound.',
      'A: A visit is $120 for the diagnostic.',
      'C: Hmm.',
      'C: A hundred twenty? Honestly that is steep for just looking.',
    ];
    const a = new CallAnalysis(call(lines));
    expect(a.callType.value).toBe('Excused');
    expect(a.callType.reason).toContain('dispatch_fee_issue');
    // Without a fee before it, "steep" is not a fee objection.
    expect(new CallAnalysis(call(['C: My heat pump is making a rattling sound.', 'C: The stairs to the attic are steep.'])).feeIssue.value).toBe(false);
  });

  it('reads a bare refusal right after a fee or an offered time as that excuse, and an acceptance as none', () => {
    const fee = new CallAnalysis(call(['C: The dryer will not heat.', 'A: The visit is $79.', 'C: Hmm, no.']));
    expect(fee.callType.value).toBe('Excused');
    expect(fee.feeIssue.reason).toContain('right after the agent stated the fee');
    const time = new CallAnalysis(call(['C: The dryer will not heat.', 'A: I can do 2:30 pm on the 9th.', 'C: Neither of those is any good for me, sorry.']));
    expect(time.excusedTag('timing_issue').value).toBe(true);
    const accepted = new CallAnalysis(call(['C: The dryer will not heat.', 'A: I can do 2:30 pm on the 9th.', 'C: Yes, that is no problem.']));
    expect(accepted.callType.value).toBe('Unbooked');
    // "I am" is no offered time.
    expect(new CallAnalysis(call(['C: The dryer will not heat.', 'A: I am sorry to hear that.', 'C: No, it is fine, it just stopped.'])).objection).toBeNull();
  });

  it('classifies Spanish calls: language_issue when the agent answers in English, the request itself when it answers in Spanish', () => {
    const unserved = new CallAnalysis(call(['A: How can I help?', 'C: Buenos días, mi aire acondicionado no enfría.', 'A: Sorry, can you say that again?']));
    expect(unserved.callType.value).toBe('Excused');
    expect(unserved.languageIssue.value).toBe(true);
    const served = new CallAnalysis(call(['C: Hola, tengo una fuga en el baño.', 'A: Claro, ¿cuál es su dirección?', 'C: Calle 5 número 20.']));
    expect(served.callType.value).toBe('Unbooked');
    expect(served.languageIssue.value).toBe(false);
    expect(typeOf(['C: Perdón, número equivocado.']).value).toBe('NotLead');
    // Another language the agent cannot serve is a language barrier too; terse English is not.
    const french = new CallAnalysis(call(['A: How can I help?', 'C: Bonjour, je ne parle pas anglais, mon chauffe-eau ne marche pas.', 'A: Sorry?']));
    expect(french.callType.value).toBe('Excused');
    expect(french.languageIssue.reason).toContain('a language other than English or Spanish');
    expect(new CallAnalysis(call(['C: Toilet overflowing everywhere, bathroom flooded completely.'])).languageIssue.value).toBe(false);
  });

  it('names the evidence and the cues it used in the reason', () => {
    const booked = typeOf(['C: I want to schedule a technician for my furnace.'], { actions: [{ type: 'job_booking' }] });
    expect(booked.reason).toMatch(/^evidence: job_booking COMPLETED \(action act-0\)/);
    expect(booked.reason).toContain("'schedule' (+booking_request");
    const wrong = typeOf(['C: Sorry, wrong number.']);
    expect(wrong.reason).toContain("'wrong number' (+wrong_number");
  });

  it('answers the classification and reclassification tasks consistently, with no per-line offline prefix', () => {
    const input = call(['C: The garage door opener is broken.', 'A: We have Monday.', "C: Monday is too far out, I can't wait that long."]);
    const classified = OFFLINE_ANSWERS.classify_interaction(input);
    expect(classified.call_type).toBe('Excused');
    expect(classified.call_type_reason).not.toMatch(/offline engine/);
    expect(OFFLINE_ANSWERS.reclassify_unbooked_to_excused(input)).toMatchObject({ reclassified_to_excused: true, timing_issue: true });
    const unbooked = call(['C: The garage door opener is broken.', 'A: What is your address?']);
    expect(OFFLINE_ANSWERS.reclassify_unbooked_to_excused(unbooked)).toMatchObject({ reclassified_to_excused: false, timing_issue: false });
  });

  it('tags an outbound call: voicemail left, responses, and an estimate sold on the call', () => {
    const voicemail = OFFLINE_ANSWERS.tags_outbound_call(
      call(['C: You have reached Dana, leave a message at the tone.', 'A: Hi Dana, Acme here.'], { direction: 'outbound' }),
    );
    expect(voicemail).toMatchObject({ message_left: true, not_interested: false });
    const sold = OFFLINE_ANSWERS.tags_outbound_call(
      call(['A: Calling about the estimate for your water heater.', "C: Yes, let's go ahead with it."], {
        direction: 'outbound',
        actions: [{ type: 'update_estimate', payload: { status: 'sold' } }],
      }),
    );
    expect(sold).toMatchObject({ estimate_accepted: true, estimate_declined: false });
    expect(sold.estimate_accepted_reason).toContain('update_estimate');
    const review = OFFLINE_ANSWERS.tags_outbound_call(
      call(['A: Would you be willing to leave us a review?', 'C: Absolutely, happy to.', 'C: The tech was great.'], { direction: 'outbound' }),
    );
    expect(review).toMatchObject({ agreed_to_review: true, positive: true, negative: false });
    const stop = OFFLINE_ANSWERS.tags_outbound_call(call(['A: Hi, this is Acme.', 'C: Stop calling me.'], { direction: 'outbound' }));
    expect(stop).toMatchObject({ do_not_call: true, do_not_contact: true });
  });

  it('tags the intent of a call that is not a lead: cancellation said without an action, callback asked', () => {
    const tags = OFFLINE_ANSWERS.tags_unbooked(call(['C: Hi, I want to cancel the visit for Friday, and can someone call me back about the bill?']));
    expect(tags).toMatchObject({ cancellation: true, callback: true, reschedule: false, language_issue: false });
    expect(tags.cancellation_reason).toContain("'cancel'");
  });

  describe("the call types' definitions (classify-interaction, issue 11)", () => {
    const out = { direction: 'outbound' as const };

    it('an outbound offer declined for no listed excuse is Unbooked; a promise to decide later stays Excused', () => {
      expect(typeOf(['A: We have a gutter guard promotion this month.', 'C: Nah, we are not interested, thank you.'], out).value).toBe('Unbooked');
      expect(typeOf(['A: Calling from Acme about your heat pump quote.', 'C: Please remove my number, I never asked for this.'], out).value).toBe('Unbooked');
      // An unsold estimate is a decline even with no decline word said.
      const unsold = typeOf(['A: Following up on the sump pump estimate.', 'C: We went another direction, sorry.'], {
        ...out,
        actions: [{ type: 'update_estimate', payload: { status: 'unsold' } }],
      });
      expect(unsold.value).toBe('Unbooked');
      expect(unsold.reason).toContain('unsold');
      // "We decided against it" is a decision made, not one still to make.
      expect(typeOf(['A: Following up on the generator estimate.', 'C: We decided against it, thanks anyway, not interested.'], out).value).toBe('Unbooked');
      // A decline outweighs a time word said in passing ("we may sell the house next year").
      expect(typeOf(['A: Time to renew your plan?', 'C: No thank you, we may sell the house next year, we are all set.'], out).value).toBe('Unbooked');
      expect(typeOf(['A: Calling about the attic fan you asked about.', 'C: Not a good time, I am driving. Call me tomorrow?'], out).value).toBe('Excused');
      // "Who is this?" is what anyone called asks; the decline that follows decides.
      expect(typeOf(['A: Hi, Acme here about your furnace plan.', 'C: Who is this? Quit calling my cell.'], out).value).toBe('Unbooked');
      expect(typeOf(['A: Hi, is this Maria?', 'C: No, you have the wrong number.'], out).value).toBe('NotLead');
      // A short reply to a check-in is feedback, not a hang-up.
      expect(typeOf(['A: Checking in after the repair, how is everything?', 'C: All fine, thanks.'], out).value).toBe('NotLead');
      // A feedback call is no offer: "no thanks" to a review leaves it NotLead.
      expect(typeOf(['A: How did the repair go?', 'C: The tech did a great job.', 'A: Could you leave a review?', 'C: No thanks.'], out).value).toBe('NotLead');
    });

    it('a short exchange with no request is Abandoned; a misdial too, but a wrong number or a question is NotLead', () => {
      const misdial = typeOf(['A: Acme, how may I help?', 'C: Whoops, the phone was in my bag.']);
      expect(misdial.value).toBe('Abandoned');
      expect(misdial.reason).toContain("'whoops'");
      expect(typeOf(['A: Acme, how may I help?', 'C: Sorry, I hit the wrong button.']).value).toBe('Abandoned');
      expect(typeOf(['A: Acme, how may I help?', 'C: Is this the dentist? Wrong number, sorry.']).value).toBe('NotLead');
      const cut = typeOf(['A: Acme, how may I help?', 'C: Hey, yeah, so um— wait, my kid is crying, one sec.']);
      expect(cut.value).toBe('Abandoned');
      expect(cut.reason).toContain('made no request');
      expect(typeOf(['A: Acme, how may I help?', 'C: Wait, are you a robot? Ugh, forget it.']).value).toBe('Abandoned');
      expect(typeOf(['A: Acme, how may I help?', 'C: What time do you folks close on Saturday?']).value).toBe('NotLead');
      expect(typeOf(['A: Acme, how may I help?', 'C: Hi, this is Rita calling from the county assessor for the owner.']).value).toBe('NotLead');
      expect(typeOf(['A: Acme, how may I help?', 'C: Yes, I think I was double charged on my card.']).value).toBe('NotLead');
      // "Call you back" before any request is no follow-up on anything.
      expect(typeOf(['A: Acme, how may I help?', 'C: Shoot, the doorbell, I will call you back.']).value).toBe('Abandoned');
    });

    it('marked_as_spam is a solicitation; an unidentified speaker is read as the other party', () => {
      const spam = new CallAnalysis(
        call(['A: Acme Plumbing.', 'U: Your business qualifies for a low rate loan, press nine now.'], { endedReason: 'marked_as_spam' }),
      );
      expect(spam.callType.value).toBe('Excused');
      expect(spam.callType.reason).toContain('marked the call as spam');
      expect(spam.excusedTag('spam').value).toBe(true);
      expect(typeOf(['A: Acme Plumbing.', 'U: This is an automated message from the water district. Service will be interrupted Monday night.']).value).toBe(
        'NotLead',
      );
      expect(typeOf(['A: Acme Plumbing.', 'A: Hello?'], { endedReason: 'user_hangup' }).value).toBe('Abandoned');
      // A recording that sells to the business is still spam.
      expect(typeOf(['A: Acme Plumbing.', 'U: This is an automated reminder: your business listing is unverified. Press 1 to claim your listing.']).value).toBe(
        'Excused',
      );
    });

    it('an existing appointment or past work is NotLead unless a problem or a visit is asked for', () => {
      const confirmed = typeOf(['C: Checking my furnace replacement is still set for Monday.', 'A: It is, I have confirmed it.'], {
        actions: [{ type: 'confirm_appointment' }],
      });
      expect(confirmed.value).toBe('NotLead');
      expect(confirmed.reason).toContain('confirm_appointment');
      expect(typeOf(['C: You guys installed our thermostat in May, what batteries does it take?', 'A: Two AA batteries.']).value).toBe('NotLead');
      expect(typeOf(['C: You guys installed our AC in May and now it is leaking all over.', 'A: Sorry to hear that.']).value).toBe('Unbooked');
      // Asked with a modal, "you guys install" is a request for new work.
      expect(typeOf(['C: Do you guys install tankless water heaters?', 'A: We do. What is your address?']).value).toBe('Unbooked');
    });

    it('a supplier is a vendor (NotLead) even when it talks of purchasing; a pitch to the business is spam', () => {
      expect(typeOf(['C: I am a territory manager for a valve maker, who does your purchasing? I would like to drop off samples.']).value).toBe('NotLead');
    });

    it('the agent declining the kind of work, or sending the caller elsewhere, is do_not_service', () => {
      const a = new CallAnalysis(
        call(['C: Can you come trim a tree that is touching my roof?', 'A: Sorry, you would need a tree service for that, we only do roofing repairs.']),
      );
      expect(a.callType.value).toBe('Excused');
      expect(a.callType.reason).toContain('do_not_service');
      // A caller asking for work a solicitor also sells (solar) is no solicitor when the request weighs as much.
      const solar = new CallAnalysis(
        call(['C: Could you install a solar panel system on my garage?', 'A: That is not something we do, you will want to call a solar installer.']),
      );
      expect(solar.callType.reason).toContain('do_not_service');
    });

    it("a fee objection over several turns while the agent explains the fee, the caller's last word deciding", () => {
      const fee = new CallAnalysis(
        call([
          'C: My garbage disposal is jammed.',
          'A: We can send someone, the trip charge is $95.',
          'C: Do I still pay that if you fix it?',
          'A: It gets credited toward the repair.',
          'C: Okay, but if I do not go ahead?',
          'A: Then it covers the trip and the diagnosis.',
          "C: Yeah, no, I'll find another way.",
        ]),
      );
      expect(fee.callType.value).toBe('Excused');
      expect(fee.callType.reason).toContain('dispatch_fee_issue');
      const fine = new CallAnalysis(call(['C: My garbage disposal is jammed.', 'A: The trip charge is $95.', 'C: No, that is no problem, go ahead.']));
      expect(fine.objection).toBeNull();
    });

    it('a staff member asked for by name is agent_requested; a day asked about is not', () => {
      const named = new CallAnalysis(call(['C: Hi, is Priya in? She quoted our boiler.', 'A: She is out today.', 'C: Okay, I need to speak with Priya.']));
      expect(named.excusedTag('agent_requested').value).toBe(true);
      expect(named.excusedTag('agent_requested').reason).toContain('Priya');
      expect(new CallAnalysis(call(['C: My boiler is leaking, is Thursday available?'])).excusedTag('agent_requested').value).toBe(false);
      // A short call that only asks for someone by name is Excused (asked for a person), not Abandoned.
      expect(typeOf(['A: Acme Heating.', 'C: Hey, is Marisol around?', 'A: Not today.', 'C: Alright, bye.']).value).toBe('Excused');
    });

    it('follow_up needs a promise to decide or call later, not a relative named or a thanks', () => {
      expect(new CallAnalysis(call(['A: How is the new boiler?', 'C: My husband loves it, it is so quiet.'], out)).excusedTag('follow_up').value).toBe(false);
      expect(new CallAnalysis(call(['A: Hi, Acme here.', 'C: Oh thanks for calling back so fast.'], out)).excusedTag('follow_up').value).toBe(false);
      expect(
        new CallAnalysis(call(['C: My sink is leaking.', 'A: I have Friday.', 'C: I need to run it by my husband first.'])).excusedTag('follow_up').value,
      ).toBe(true);
      // Trying a fix first is the caller's choice, not an excuse: Unbooked.
      const diy = typeOf([
        'C: The dishwasher is not draining.',
        'A: I can do Tuesday morning.',
        "C: Let me try cleaning the filter first, I'll call if that doesn't work.",
      ]);
      expect(diy.value).toBe('Unbooked');
    });

    it('going to another company, or a polite pass, after naming a problem is Unbooked, not NotLead', () => {
      expect(typeOf(['C: Our shower drain is backing up.', 'A: Let me check what I have.', 'C: Eh, I think I will use someone else.']).value).toBe('Unbooked');
      expect(typeOf(['C: The ice maker is leaking.', 'A: We mostly do HVAC, I am not sure.', 'C: Then I will pass.']).value).toBe('Unbooked');
    });

    it('Spanish served in Spanish is classified by its content; French with an English word is still a language barrier', () => {
      const served = new CallAnalysis(
        call(['A: Acme, habla Sara.', 'C: Hola, el inodoro está goteando.', 'A: Entiendo. ¿Cuál es su dirección?', 'C: Es... ay, luego le hablo.']),
      );
      expect(served.languageIssue.value).toBe(false);
      expect(served.callType.value).not.toBe('Abandoned');
      expect(typeOf(['C: Hola, la regadera gotea. Tengo que hablar con mi esposa primero, le vuelvo a llamar.', 'A: Claro.']).value).toBe('Excused');
      const french = new CallAnalysis(
        call(['A: How can I help?', 'C: Bonjour, je cherche un électricien, le breaker saute.', 'A: Sorry?', 'C: Je ne parle pas bien anglais.']),
      );
      expect(french.languageIssue.value).toBe(true);
      expect(french.callType.value).toBe('Excused');
    });
  });
  describe('tag precision (issue 11)', () => {
    const out = { direction: 'outbound' as const };

    it('everyday approval words are praise only once the agent asked how the work went', () => {
      const booking = OFFLINE_ANSWERS.tags_outbound_call(call(['A: I can send someone Friday at 9.', 'C: Friday is perfect, that works great.'], out));
      expect(booking.positive).toBe(false);
      const feedback = OFFLINE_ANSWERS.tags_outbound_call(
        call(['A: How is the new water softener treating you?', 'C: Honestly it is perfect, we love it.'], out),
      );
      expect(feedback.positive).toBe(true);
      // Praise of the crew itself counts without a question.
      const praise = OFFLINE_ANSWERS.tags_outbound_call(call(['A: Hi, Acme here.', 'C: Your installer was so professional, by the way.'], out));
      expect(praise.positive).toBe(true);
    });

    it('a follow-up already done ("we talked it over") or a voicemail greeting is no follow_up', () => {
      const done = new CallAnalysis(call(['A: Following up on the deck lighting quote.', 'C: We discussed it with my wife and we want it.'], out));
      expect(done.excusedTag('follow_up').value).toBe(false);
      const greeting = new CallAnalysis(call(['U: You reached Sam, leave a message and I will get back to you.', 'A: Hi Sam, Acme calling.'], out));
      expect(greeting.excusedTag('follow_up').value).toBe(false);
      expect(greeting.callType.value).toBe('Excused');
      // "I'll call around" shops elsewhere; it promises no call back.
      expect(
        new CallAnalysis(call(['C: What do you charge for a panel swap?', 'A: We quote on site.', 'C: Okay, I will call around.'])).excusedTag('follow_up')
          .value,
      ).toBe(false);
    });

    it("an estimate's recorded outcome outweighs a word for the other; a reminder's \"don't need it\" is no offer declined", () => {
      const unsold = OFFLINE_ANSWERS.tags_outbound_call(
        call(['A: About the furnace estimate.', 'C: We are going with the other company, sorry.'], {
          ...out,
          actions: [{ type: 'update_estimate', payload: { status: 'unsold' } }],
        }),
      );
      expect(unsold).toMatchObject({ estimate_declined: true, estimate_accepted: false });
      const reminder = OFFLINE_ANSWERS.tags_outbound_call(
        call(['A: Reminding you of the plumber tomorrow at 10.', 'C: We do not need it anymore, please cancel.'], {
          ...out,
          actions: [{ type: 'job_cancel' }],
        }),
      );
      expect(reminder.not_interested).toBe(false);
    });
  });
});

describe('structural rules of the offline classifier (issue 11 point 8)', () => {
  it('reads bracketed non-speech as silence, not words', () => {
    const type = typeOf(['A: Acme Home Services, how can I help?', 'C: [dial tone] [click]'], { endedReason: 'user_hangup' });
    expect(type.value).toBe('Abandoned');
  });

  it('sees a language barrier only once the agent answered the caller in English', () => {
    const hungUp = typeOf(['A: Acme Home Services.', 'C: Alô? Alô? Quem fala?'], { endedReason: 'user_hangup' });
    expect(hungUp.value).toBe('Abandoned');
    const answered = new CallAnalysis(
      call(['A: Acme Home Services.', 'C: Alô, minha geladeira não gela faz três dias.', 'A: Sorry, could you say that in English?'], {
        endedReason: 'user_hangup',
      }),
    );
    expect(answered.languageIssue.value).toBe(true);
  });

  it('does not take a question about what the agent is for a request for a person', () => {
    const type = typeOf(['A: Acme Home Services, this is the virtual assistant.', 'C: wait am I talking to a real person'], { endedReason: 'user_hangup' });
    expect(type.value).toBe('Abandoned');
  });

  it('hears the company decline work it was asked about as do_not_service', () => {
    const a = new CallAnalysis(
      call(['A: Acme Home Services.', 'C: Can you guys fix a pool heater?', "A: No, we don't work on anything for pools, sorry.", 'C: Okay.'], {
        endedReason: 'user_hangup',
      }),
    );
    expect(a.doNotService.value).toBe(true);
    expect(a.callType.value).toBe('Excused');
    // A question about when is a time, not work.
    const when = new CallAnalysis(call(['A: Acme.', 'C: Do you guys work on Sundays?', "A: No, we don't, sorry."]));
    expect(when.capabilityRefused).toBeNull();
  });

  it('reads a need fixed during the call as Unbooked and one fixed before it as NotLead', () => {
    const during = typeOf(
      [
        'A: Acme Home Services.',
        'C: Half the outlets in the den went dead.',
        'A: Try resetting the outlet with the test button in the bathroom.',
        'C: Oh hey, that did it, they work now.',
      ],
      { endedReason: 'user_hangup' },
    );
    expect(during.value).toBe('Unbooked');
    const before = typeOf(['A: Acme Home Services.', 'C: Hi, I called about my outlets being dead this morning but they work now, so never mind.'], {
      endedReason: 'user_hangup',
    });
    expect(before.value).toBe('NotLead');
  });

  it('does not count the equipment a bill or a report is about as a need', () => {
    const type = typeOf(['A: Acme Home Services.', 'C: I am the adjuster on a claim and need the invoice for the furnace repair you did.'], {
      endedReason: 'user_hangup',
    });
    expect(type.value).toBe('NotLead');
  });

  it('counts the agent taking the service address after the caller spoke as a request, in any language', () => {
    const type = typeOf(['A: Acme Home Services.', 'C: Oi, o chuveiro queimou.', 'A: Entendi! Qual é o seu endereço?', 'C: Rua'], {
      endedReason: 'user_hangup',
    });
    expect(type.value).toBe('Unbooked');
  });

  it('does not excuse a "no" to the offered time when the caller will fix it themselves', () => {
    const type = typeOf(
      ['A: Acme Home Services.', 'C: The bathroom fan is rattling.', 'A: I have Friday at 10.', "C: No, I'll just pick up a new fan motor at the store."],
      { endedReason: 'user_hangup' },
    );
    expect(type.value).toBe('Unbooked');
  });

  it('meets no mailbox on an inbound call', () => {
    const a = new CallAnalysis(
      call(['A: Acme Home Services.', 'C: I just want to leave a message for Pat that the check is under the mat.'], { endedReason: 'user_hangup' }),
    );
    expect(a.reachedVoicemail.value).toBe(false);
  });

  it('does not tag an offer that is no longer needed as a cancellation', () => {
    const input = call(['A: Hi, this is Acme about the quote for gutter guards you asked for.', "C: Oh, we don't need that anymore, thanks."], {
      direction: 'outbound',
      endedReason: 'user_hangup',
    });
    expect(new CallAnalysis(input).cancellationAsked.value).toBe(false);
  });

  it('reads a callback asked by a caller with a need as Unbooked, not as a follow-up or a message', () => {
    const need = ['A: Acme Home Services.', 'C: The dishwasher is leaking all over the kitchen floor.', 'A: I can send a plumber. What is the address?'];
    for (const ask of ["I'm in a meeting, can somebody call me back later to set it up?", 'Could you have somebody give me a call at this number?']) {
      const asked = new CallAnalysis(call([...need, `C: ${ask}`], { endedReason: 'user_hangup' }));
      expect(asked.callType.value).toBe('Unbooked');
      expect(asked.excusedTag('follow_up').value).toBe(false);
      expect(asked.excusedTag('message_drop').value).toBe(false);
    }
    // Deciding later is still the caller's excuse, and a message for a named person without a need is still a message.
    const deciding = typeOf(
      ['A: Acme Home Services.', 'C: The dishwasher is leaking.', 'A: I have Thursday at 9.', 'C: I have to check with my wife first, I will call you back.'],
      { endedReason: 'user_hangup' },
    );
    expect(deciding.value).toBe('Excused');
    const message = new CallAnalysis(
      call(['A: Acme after hours.', 'C: Could you ask Morgan to call me back, she knows what it is about.'], { endedReason: 'user_hangup' }),
    );
    expect(message.excusedTag('message_drop').value).toBe(true);
  });

  it('reads a caller who puts the call off before asking anything as Abandoned', () => {
    const type = typeOf(['A: Acme Home Services, how can I help?', "C: hey can I call you back in a few minutes? I'm in line at the bank"], {
      endedReason: 'user_hangup',
    });
    expect(type.value).toBe('Abandoned');
  });

  it('takes "anything sooner?" as a request for an earlier slot, neither a refusal nor an excuse', () => {
    const a = new CallAnalysis(
      call(
        [
          'A: Acme Home Services.',
          'C: My water heater is making a banging noise.',
          'A: The first opening is Monday at 2.',
          'C: Anything sooner? Maybe Saturday?',
        ],
        {
          endedReason: 'user_hangup',
        },
      ),
    );
    expect(a.excusedTag('sooner_slot').value).toBe(true);
    expect(a.excusedTag('timing_issue').value).toBe(false);
    expect(a.callType.value).toBe('Unbooked');
  });

  it('reads a call dialled by mistake as Abandoned and one meant for another party as NotLead', () => {
    expect(typeOf(['A: Acme Home Services.', "C: oh gosh, sorry, I didn't mean to call you"], { endedReason: 'user_hangup' }).value).toBe('Abandoned');
    expect(typeOf(['A: Acme Home Services.', 'C: Sorry, I was trying to reach the pharmacy, wrong number.'], { endedReason: 'user_hangup' }).value).toBe(
      'NotLead',
    );
  });

  it('reads a question that opens on its negation as asking, so "¿no tienen algo más temprano?" asks for a visit', () => {
    const tokens = tokenise("Don't you have anything earlier?");
    expect(
      negatedAt(
        tokens,
        tokens.findIndex((t) => t.stem === 'earlier'),
      ),
    ).toBeNull();
    const statement = tokenise("I don't need anything earlier.");
    expect(
      negatedAt(
        statement,
        statement.findIndex((t) => t.stem === 'earlier'),
      )?.word,
    ).toBe('not');
    const a = new CallAnalysis(
      call(
        ['A: Acme Home Services.', 'C: Se rompió la llave del baño.', 'A: Tenemos el martes a las 3.', '¿No tienen algo más temprano, el lunes?'].map((l, i) =>
          i === 3 ? `C: ${l}` : l,
        ),
        {
          endedReason: 'agent_hangup',
        },
      ),
    );
    expect(a.excusedTag('sooner_slot').value).toBe(true);
    expect(a.callType.value).toBe('Unbooked');
  });

  it('reads a question put as a statement to the one asked ("you don\'t have anything sooner?") as asking too', () => {
    const earlier = (text: string) => {
      const tokens = tokenise(text);
      return negatedAt(
        tokens,
        tokens.findIndex((t) => t.stem === 'sooner'),
      );
    };
    expect(earlier("You don't have anything sooner?")).toBeNull();
    expect(earlier("So y'all can't do anything sooner?")).toBeNull();
    expect(earlier("you guys don't got nothing sooner, like tomorrow?")).toBeNull();
    // Said of oneself, or not asked, it still denies.
    expect(earlier("I don't need anything sooner?")?.word).toBe('not');
    expect(earlier("You don't have anything sooner.")?.word).toBe('not');
  });

  it('tags sooner_slot on an unbooked call through the unbooked tag task (spec 000 §4: a booking outcome on any call)', () => {
    const input = call(
      [
        'A: Acme Home Services.',
        'C: The AC is blowing warm air.',
        'A: The first opening I have is Thursday between 8 and 10.',
        "C: Thursday? You don't have anything sooner? I'll have to see.",
      ],
      { endedReason: 'user_hangup' },
    );
    const tags = OFFLINE_ANSWERS.tags_unbooked(input);
    expect(tags).toMatchObject({ sooner_slot: true, callback: false });
    expect(tags.sooner_slot_reason).toContain('sooner');
    const plain = OFFLINE_ANSWERS.tags_unbooked(
      call(['A: Acme Home Services.', 'C: The AC is blowing warm air.', 'A: I have Thursday at 9.', 'C: Okay, thanks.']),
    );
    expect(plain.sooner_slot).toBe(false);
  });

  describe('who calls whom (issue 11: callback wording)', () => {
    const need = ['A: Acme Home Services.', 'C: The water heater is leaking from the bottom.', 'A: I can send a plumber. What is the address?'];

    it('reads a caller asking the business to contact them, in any words or in Spanish, as a callback the business can still book', () => {
      for (const ask of [
        "I'm driving, could somebody give me a buzz after five?",
        'Can a person from your office get in touch with me tomorrow to set a time?',
        'ring me back in an hour on this cell',
        'have someone follow up with me tonight, I do want it fixed',
        'Ahorita no puedo hablar, márquenme mañana y hacemos la cita.',
        '¿Me devuelven la llamada en la tarde?',
      ]) {
        const a = new CallAnalysis(call([...need, `C: ${ask}`], { endedReason: 'user_hangup' }));
        expect({ ask, type: a.callType.value }).toEqual({ ask, type: 'Unbooked' });
        expect(OFFLINE_ANSWERS.tags_unbooked(call([...need, `C: ${ask}`])).callback).toBe(true);
        expect(a.excusedTag('follow_up').value).toBe(false);
        expect(a.excusedTag('timing_issue').value).toBe(false);
      }
    });

    it('reads the caller who will call the business again as a follow-up, and nobody to call as neither', () => {
      for (const later of ["I'll give you guys a shout once I know.", "I'll follow up with you next week.", 'Déjeme ver y le hablo después.']) {
        const a = new CallAnalysis(call([...need, `C: ${later}`], { endedReason: 'user_hangup' }));
        expect({ later, type: a.callType.value, follow: a.excusedTag('follow_up').value }).toEqual({ later, type: 'Excused', follow: true });
        expect(OFFLINE_ANSWERS.tags_unbooked(call([...need, `C: ${later}`])).callback).toBe(false);
      }
      // Another company, a link to text, a call refused: no one is asked to call, and no promise to call back.
      for (const line of ["Look, I'll call somebody else.", 'Sure, text me the link.', "Don't call me again."]) {
        const tags = OFFLINE_ANSWERS.tags_unbooked(call([...need, `C: ${line}`]));
        expect({ line, callback: tags.callback }).toEqual({ line, callback: false });
      }
    });

    it('does not take a time refused in the same breath as a callback asked for as a timing excuse', () => {
      const a = new CallAnalysis(
        call(
          [
            'A: Acme Home Services.',
            'C: The furnace stopped working last night.',
            'A: The first opening is Thursday at nine.',
            "C: I'm not sure about Thursday. Can someone from your office reach me tomorrow to figure out the timing?",
          ],
          { endedReason: 'user_hangup' },
        ),
      );
      expect(a.objection).toBeNull();
      expect(a.callType.value).toBe('Unbooked');
    });

    it('reads a question or request for an earlier time after an offer as sooner_slot, not a refusal of the time', () => {
      for (const ask of [
        'Monday is pretty far. Is there really nothing before the weekend?',
        'any chance you could squeeze us in sooner, it is open to the sky',
        '¿Y no hay nada antes?',
      ]) {
        const a = new CallAnalysis(
          call(['A: Acme Home Services.', 'C: A branch went through the roof.', 'A: I can have someone out Monday at ten.', `C: ${ask}`], {
            endedReason: 'error',
          }),
        );
        expect({ ask, sooner: a.excusedTag('sooner_slot').value, timing: a.excusedTag('timing_issue').value, type: a.callType.value }).toEqual({
          ask,
          sooner: true,
          timing: false,
          type: 'Unbooked',
        });
      }
      // Said with no time offered before it, it is no answer to an offer.
      const early = new CallAnalysis(call(['A: Acme Home Services.', 'C: Is there anything before noon? The roof is leaking.'], { endedReason: 'error' }));
      expect(early.cues.hits.some((h) => h.signal === 'sooner_slot' && h.cue.startsWith('('))).toBe(false);
    });

    it('reads a person asked for by what they are ("an actual live person", "put the owner on") as agent_requested: Excused', () => {
      const need = ['A: Acme Home Services.', 'C: The breaker for the dryer keeps tripping.', 'A: I can book an electrician for tomorrow at three.'];
      for (const ask of [
        'No offense, but I want an actual live person from the company on the line.',
        'Can you put the owner on? I always go through him.',
        'Quiero hablar con el encargado, por favor.',
      ]) {
        const a = new CallAnalysis(call([...need, `C: ${ask}`], { endedReason: 'user_hangup' }));
        expect({ ask, person: a.excusedTag('agent_requested').value, type: a.callType.value }).toEqual({ ask, person: true, type: 'Excused' });
      }
      // Asking what the agent is, or "live" and "real" said of something else, asks for no one.
      for (const line of ['Wait, is this a real person?', 'There is a live wire hanging by the panel.', 'The real problem is the old pipe.']) {
        expect({ line, person: new CallAnalysis(call([...need, `C: ${line}`])).excusedTag('agent_requested').value }).toEqual({ line, person: false });
      }
    });
  });
});

describe("offline call classification: the retired holdout's kinds of misses, by rule", () => {
  const ivrCall = (lines: string[]) =>
    InteractionInputSchema.parse({
      direction: 'inbound',
      agentType: 'RECEPTIONIST',
      org: { name: 'Acme Home Services', timezone: 'America/Denver' },
      transcript: lines.map((l, i) => ({
        role: l.startsWith('A:') ? 'agent' : 'IVR',
        message: l.slice(2).trim(),
        timestamp: `00:${String(i * 4).padStart(2, '0')}`,
        seconds: i * 4,
      })),
      facts: { actions: [], endedReason: 'user_hangup' },
    });

  it('drops speech marked as said to someone else, so an aside is no request (classify-interaction: Abandoned)', () => {
    const aside = [
      'A: Acme Home Services, how can I help?',
      'C: One moment — [to her husband] the sink is leaking again, grab a towel!',
      'C: Ugh, sorry, I will ring you later.',
    ];
    expect(typeOf(aside, { endedReason: 'user_hangup' }).value).toBe('Abandoned');
    // Said to the agent, the same words are a need.
    const said = [
      'A: Acme Home Services, how can I help?',
      'C: One moment — the sink is leaking again and I need a plumber.',
      'C: Ugh, sorry, I will ring you later.',
    ];
    expect(typeOf(said, { endedReason: 'user_hangup' }).value).not.toBe('Abandoned');
  });

  it('reads a recording heard on an inbound call as the caller, so a robocall selling to the business is spam, not silence', () => {
    const a = new CallAnalysis(
      ivrCall([
        'A: Acme Home Services.',
        "I: Final notice regarding your company's business listing on search maps. Press 1 to speak with a listing specialist.",
        'A: Hello? Anyone there?',
      ]),
    );
    expect(a.callType.value).toBe('Excused');
    expect(a.excusedTag('spam').value).toBe(true);
  });

  it('does not excuse a call the business failed: a DROPPED booking or the agent asking again for what it has (Excused is "outside the agent\'s control")', () => {
    const dropped = [
      'A: Acme Home Services.',
      'C: Our furnace is blowing cold air.',
      'A: I can send a tech Thursday at 9 am.',
      'C: Sure, Thursday is good.',
      'A: Hmm, the system will not take the booking right now.',
      "C: Fine, I'll call back later then.",
    ];
    const failed = new CallAnalysis(call(dropped, { actions: [{ type: 'job_booking', status: 'DROPPED' }], endedReason: 'user_hangup' }));
    expect(failed.businessFailure?.what).toContain('DROPPED');
    expect(failed.excusedTag('follow_up').value).toBe(false);
    expect(failed.callType.value).toBe('Unbooked');

    const fumbled = [
      'A: Acme Home Services.',
      'C: The garbage disposal is jammed.',
      'A: What is the address there?',
      'C: 44 Elm Street.',
      'A: Great. And the address?',
      'C: I just told you, 44 Elm.',
      'A: Okay. What address should the tech go to?',
      "C: Forget it. I'll call back when I can talk to someone competent.",
    ];
    const a = new CallAnalysis(call(fumbled, { endedReason: 'user_hangup' }));
    expect(a.businessFailure?.what).toContain('address');
    expect(a.excusedTag('agent_requested').value).toBe(false);
    expect(a.callType.value).toBe('Unbooked');
    // One re-ask to check a detail is no fumble.
    const checked = [
      'A: Acme Home Services.',
      'C: The garbage disposal is jammed.',
      'A: What is the address there?',
      'C: 44 Elm Street.',
      'A: Sorry, could you repeat the address?',
    ];
    expect(new CallAnalysis(call(checked)).businessFailure).toBeNull();
  });

  it('hears English named with a word that limits it, in either order, as a language barrier', () => {
    const need = ['A: Acme Home Services, how can I help?'];
    for (const line of ['Sorry, English, not so good. Heater, broken.', 'Poco English, sorry. The water, no hot.']) {
      expect({ line, barrier: new CallAnalysis(call([...need, `C: ${line}`])).languageIssue.value }).toEqual({ line, barrier: true });
    }
    expect(new CallAnalysis(call([...need, 'C: English is fine, thanks. My heater is broken.'])).languageIssue.value).toBe(false);
  });

  it('reads "none of that works" after an offered hour as a refusal of the time, and an hour the caller names as no offer', () => {
    const refused = [
      'A: Acme Home Services.',
      'C: The toilet keeps running all night.',
      'A: Our plumbers only go out until four, Monday to Friday.',
      'C: And Saturday?',
      'A: We are closed on Saturday, and we do not book after four.',
      'C: Then none of those will work for me.',
    ];
    expect(typeOf(refused, { endedReason: 'user_hangup' }).value).toBe('Excused');
    expect(new CallAnalysis(call(refused)).excusedTag('timing_issue').value).toBe(true);
    const own = ['A: Hi, this is Acme calling about the quote you asked for.', "C: I'm at the office, I can't talk. Call me after six?"];
    expect(new CallAnalysis(call(own, { direction: 'outbound' })).excusedTag('timing_issue').value).toBe(false);
  });

  it('reads "non merci" and "não, obrigado" as the polite refusal "no gracias" is, and a spouse consulted as still to come only', () => {
    for (const line of ['Non merci, ça ira.', 'Não, obrigado, já temos quem faça.']) {
      const a = new CallAnalysis(call(['A: Hello, this is Acme about renewing your maintenance plan.', `C: ${line}`], { direction: 'outbound' }));
      expect({ line, type: a.callType.value, noThanks: a.signal('no_thanks', '').value }).toEqual({ line, type: 'Unbooked', noThanks: true });
    }
    const need = ['A: Acme Home Services.', 'C: Queremos cambiar el calentador de agua.', 'A: Le puedo mandar a alguien el jueves.'];
    expect(new CallAnalysis(call([...need, 'C: Tengo que consultarlo con mi esposa y le aviso.'])).excusedTag('follow_up').value).toBe(true);
    expect(new CallAnalysis(call([...need, 'C: Ya lo vimos con mi esposa, el jueves está bien.'])).excusedTag('follow_up').value).toBe(false);
  });

  it('tags no follow_up on a solicitor\'s "I\'ll call back", and sees no barrier when the agent answers in Portuguese', () => {
    const pitch = [
      'A: Acme Home Services.',
      "C: Hi, this is Dana with Brightline Payments, I'd like to talk to the owner about lowering your card processing fees.",
      "A: We're not interested, thanks.",
      "C: No problem, I'll call back next week.",
    ];
    const a = new CallAnalysis(call(pitch, { endedReason: 'user_hangup' }));
    expect(a.spam.value).toBe(true);
    expect(a.excusedTag('follow_up').value).toBe(false);
    const pt = [
      'A: Acme Home Services.',
      'C: Olá, preciso cancelar a visita de sexta-feira, vou viajar.',
      'A: Entendido, cancelo a visita de sexta-feira no seu endereço?',
      'C: Isso, obrigada.',
    ];
    expect(new CallAnalysis(call(pt, { actions: [{ type: 'job_cancel' }] })).languageIssue.value).toBe(false);
    expect(languageOf('Entendido, cancelo a visita de sexta-feira no seu endereço?')).toBe('es');
    expect(languageOf('Do you do pool pumps? Mine stopped.')).toBe('en');
  });
});
