import type { ActionType, CallType } from '../../../../domain/interaction/interaction.schema';

/**
 * Held-out calls for the offline classifier (scripts/offline-classifier-agreement.ts): written from the
 * spec's definitions of the call types and tags, after the cue lexicon and apart from it. They are not
 * the product's evaluation set (npm run eval:calls), which is written separately. Lines are "A:" for
 * the agent and "C:" for the caller.
 *
 * Sixteen outbound calls whose person declines the offer ("not interested", "no thanks", "stop calling",
 * an estimate declined) were first labelled Excused. classify-interaction's Excused list is closed (spam,
 * outside the area, price on the phone, a person asked for, the fee, the times, a message, voicemail,
 * language, will follow up later), so a potential customer who declines for another reason is Unbooked:
 * they are relabelled Unbooked (issue 11).
 */
export interface HeldOutCall {
  type: CallType;
  direction?: 'inbound' | 'outbound';
  /** Tags a reader of the spec would expect from the words and facts. */
  tags?: string[];
  lines: string[];
  actions?: { type: ActionType; status: 'COMPLETED' | 'DROPPED'; payload?: Record<string, unknown> }[];
  endedReason?: 'voicemail' | 'transferred' | 'user_hangup' | 'marked_as_spam';
}

/** The first batch: measured once (23/30 types, 19/25 tags), then read to widen the lexicon, so no longer held out. */
export const FIRST_BATCH_CALLS: HeldOutCall[] = [
  // Booked
  {
    type: 'Booked',
    tags: ['booked'],
    lines: [
      'A: Thanks for calling, how can I help?',
      "C: Our kitchen sink won't drain at all, it's backing into the other side.",
      'A: I have Thursday at 10.',
      'C: Thursday works.',
    ],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    tags: ['booked'],
    lines: ['A: Hello!', 'C: Hola, mi calentador no da agua caliente.', 'A: Claro, tengo una cita el viernes.', 'C: Sí, perfecto.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    tags: ['booked'],
    lines: ['A: How can I help?', "C: I'd like somebody to service my heat pump before winter.", 'A: Booked for Monday.'],
    actions: [{ type: 'create_booking', status: 'COMPLETED' }],
  },
  // Unbooked
  {
    type: 'Unbooked',
    lines: [
      'A: How can I help?',
      'C: There is water pooling under my water heater.',
      "A: Let me check the schedule... I'm having trouble reaching the schedule right now.",
      'C: Okay, bye.',
    ],
  },
  {
    type: 'Unbooked',
    lines: ['A: How can I help?', 'C: Breakers in the garage keep tripping whenever we run the dryer.', 'A: Can I get your address?', 'C: Uh, hold on.'],
  },
  {
    type: 'Unbooked',
    lines: ['A: Hi there.', 'C: The upstairs toilet runs constantly and the handle is loose.', 'A: I can help with that. What is your name?', 'C: Mark.'],
    actions: [{ type: 'job_booking', status: 'DROPPED' }],
  },
  {
    type: 'Unbooked',
    lines: ['A: Hello.', 'C: We want a quote to put in a new furnace, ours is 25 years old.', 'A: Sure, what is your zip code?', 'C: 62704'],
  },
  // Excused
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: [
      'A: Our technician visit has a $79 diagnostic charge.',
      'C: Seventy nine bucks? For him to just look at it?',
      "C: Nope. I'm not doing that. The last guy came out at no charge.",
      'C: My AC is blowing warm though.',
    ],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: [
      'C: My garbage disposal is jammed.',
      'A: The first opening is next Wednesday afternoon.',
      "C: Wednesday? That's a week away. I can't go a week without it.",
      'A: I understand.',
    ],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      'C: Roughly what do you guys charge to replace a water heater?',
      'A: A technician would need to see it.',
      "C: I'm just trying to get numbers from a few places.",
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: [
      "C: Hi, is there an actual human I can speak with? I've got a problem with my furnace.",
      'A: I can help you book.',
      'C: No, I want a person please.',
    ],
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ['C: Hey, this is Dave, could you pass a message to Mike that the part for my boiler came in?', 'A: Sure.'],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: ['C: Our dishwasher is leaking.', 'A: I can get someone out Friday.', 'C: Let me talk to my husband first and I will call back.'],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: [
      'C: I need my roof looked at, we had a storm.',
      'A: What is the address?',
      'C: 12 Pine Rd, Dayton.',
      "A: I'm sorry, Dayton is outside of our service area.",
    ],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: Thanks for calling, how can I help?',
      'C: Hola, necesito ayuda con mi aire acondicionado, no funciona.',
      'A: Sorry, could you repeat that?',
      'C: ¿Habla español?',
    ],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: Hi, I am calling from LocalBoost. We can get your company to the top of Google Maps.', 'A: What do you need?', 'C: Is the owner available?'],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: This is an important message about your business funding approval. Press 1 to speak with a specialist.'],
  },
  {
    type: 'Excused',
    tags: ['do_not_service'],
    lines: ['C: Do you guys do pool pumps? Mine is making a grinding noise.', "A: I'm sorry, we don't work on pool equipment."],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['message_left', 'outbound_call'],
    lines: [
      'C: You have reached the Garcias. Please leave a message after the beep.',
      'A: Hi, this is Ava from Acme HVAC about your maintenance visit, please call us back.',
    ],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['not_interested', 'outbound_call'],
    lines: ['A: Hi, I am calling about our fall furnace tune-up special.', "C: We aren't interested in that, thanks.", 'A: Okay.'],
  },
  // NotLead
  {
    type: 'NotLead',
    lines: ['A: Acme Plumbing, how can I help?', 'C: Oh sorry, I thought this was the dentist office.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, this is Ferguson, the water heater your tech ordered is in and can be picked up.', 'A: Thanks.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, I saw your ad for an HVAC installer and wanted to know if the position is still open.', 'A: I will pass that on.'],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    lines: ['C: I have a technician coming tomorrow and I need to cancel, we sold the house.', 'A: Done, it is cancelled.'],
    actions: [{ type: 'job_cancel', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    tags: ['appointment_confirmed'],
    lines: ['C: Just checking my appointment for Tuesday is still on.', 'A: Yes, I have confirmed it.'],
    actions: [{ type: 'confirm_appointment', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    lines: ['C: I got a statement in the mail and I think I was charged twice.', 'A: Let me note that for the office.'],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'positive'],
    lines: [
      'A: Hi, calling to see how the new water heater is doing.',
      'C: Oh it is great, the guys were really courteous and cleaned up after.',
      'A: Glad to hear.',
    ],
  },
  // Abandoned
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thanks for calling, how can I help?', 'C: Uh...', 'A: Hello?'] },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thanks for calling Acme, how can I help you today?'] },
  {
    type: 'Abandoned',
    tags: ['no_conversation'],
    lines: ['A: Hello, this is Acme.', 'C: Hi, yes, I was calling about', 'A: Hello? Are you there?'],
    endedReason: 'user_hangup',
  },
];

/** The second batch, written after the first widening: measured once (23/32 types, 25/31 tags), then read to widen the lexicon again. */
export const SECOND_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    tags: ['booked'],
    lines: [
      'C: Yeah hi, the lights in half my house went out and the panel is making a buzzing sound.',
      'A: I can send an electrician this afternoon.',
      'C: Please do.',
    ],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    direction: 'outbound',
    tags: ['booked', 'outbound_call'],
    lines: ['A: Hi, this is Acme following up on the estimate for your new AC.', "C: Yes, we'd like to get it installed.", 'A: Great, you are scheduled.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Unbooked',
    lines: ["C: My shower drains really slowly and now there's a smell.", 'A: What is your address?', 'C: 8 Elm Street.', 'A: One moment.'],
  },
  {
    type: 'Unbooked',
    lines: ["C: Hi there, we'd like somebody to come give us a price on gutters for the whole house.", 'A: Sure, may I have your name?', 'C: Kim Lee.'],
  },
  {
    type: 'Unbooked',
    lines: ['C: Buenas tardes, tengo una fuga debajo del fregadero.', 'A: Claro, le puedo ayudar. ¿Cuál es su dirección?', 'C: Calle Principal 45.'],
  },
  {
    type: 'Unbooked',
    lines: ["C: The furnace keeps shutting off after a few minutes and it's freezing in here.", 'A: Let me look up openings.', 'C: Okay.'],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: [
      "C: My water heater's pilot keeps going out.",
      'A: There is a $99 service call fee to send a technician.',
      "C: Hmm. That's more than I want to spend just for someone to show up.",
      "C: I'll figure it out myself.",
    ],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: [
      'C: The AC quit on us and we have a newborn.',
      'A: Our earliest is Monday morning.',
      "C: Monday won't do, it's 95 degrees in here. I need someone today.",
    ],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      "C: What's the price range for a new toilet installed?",
      'A: Our technician gives the price on site.',
      'C: I just want a ballpark figure before anyone comes.',
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ['C: I have a question about a leak but I would prefer to talk to a real person.', 'A: I can help.', 'C: Can you transfer me please?'],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ['C: Hi, my sink is clogged. Can I talk to someone in scheduling?', 'A: Transferring you now.'],
    endedReason: 'transferred',
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ["C: It's Linda from 40 Oak, just let Tom know the gate code is 1234 for the job on our water heater.", 'A: I will.'],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: ['C: We need our ducts cleaned.', 'A: I have Saturday at 9.', "C: I'm not sure yet. I need to check with my landlord and get back to you."],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: ['C: My garage door opener is broken.', 'A: What city are you in?', 'C: Springfield Heights.', "A: Unfortunately that's not in our service area."],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: Hello, how can I help you?',
      'C: Sí, hola, mi inodoro está tapado y necesito un plomero.',
      'A: I am sorry, I did not understand.',
      'C: No entiendo, español por favor.',
    ],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: [
      'C: Hello, I represent a merchant processing firm. We can lower the fees you pay on card transactions.',
      'A: Okay.',
      'C: Who handles your payments?',
    ],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: Hi! We noticed your business listing on Google is unverified. Press 1 now to verify it.'],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['message_left', 'outbound_call'],
    lines: [
      'C: The person you are calling is not available. At the tone, please record your message.',
      'A: Hello, this is Acme calling about your estimate. Give us a call back.',
    ],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['not_interested', 'outbound_call'],
    lines: ['A: Hi, we have a special on water heater flushes this month.', "C: No, we don't need that, we just had it done.", 'A: Okay, thank you.'],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['do_not_call', 'outbound_call'],
    lines: ['A: Hi, I am calling from Acme about a maintenance plan.', 'C: Take this number off your list. Do not call here again.'],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['estimate_declined', 'outbound_call'],
    lines: ['A: Hi, I am following up on the estimate we sent for your roof.', 'C: We decided to go with a different contractor. Thanks anyway.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, is this Joe? ...I must have the wrong number, sorry about that.'],
  },
  {
    type: 'NotLead',
    lines: ["C: Hey, I'm a licensed plumber with 10 years of experience and I'm wondering if you're looking for technicians.", 'A: I will pass your info on.'],
  },
  {
    type: 'NotLead',
    lines: ['C: This is Sam from the parts warehouse, the compressor you guys back-ordered arrived.', 'A: Thank you.'],
  },
  {
    type: 'NotLead',
    tags: ['reschedule'],
    lines: ['C: Hi, I have a tune-up booked for Friday but I need to move it to next Tuesday.', 'A: Done, you are now on Tuesday.'],
    actions: [{ type: 'job_reschedule', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    lines: ['C: Please cancel the plumber for tomorrow, my neighbor fixed it.', 'A: I have cancelled it.'],
    actions: [{ type: 'job_cancel', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    lines: ['C: What time do you guys close on Saturdays?', 'A: We close at 2.', 'C: Thanks.'],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'negative'],
    lines: [
      'A: Hi, we are checking in on the repair last week.',
      'C: Honestly the technician was rude and left a mess in my basement.',
      'A: I am sorry to hear that.',
    ],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'agreed_to_review'],
    lines: ['A: Glad everything went well. Would you mind leaving us a review on Google?', 'C: Sure, I can do that tonight.'],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Acme Heating and Air, this is Ava.', 'C: ...'] },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thank you for calling.', 'C: Hello?', 'A: Hi, how can I help?'], endedReason: 'user_hangup' },
  { type: 'Abandoned', tags: ['no_conversation'], lines: [] },
];

/** The third batch, written after the second widening: measured once (30/34 types, 29/33 tags) before its misses were read. */
export const THIRD_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    tags: ['booked'],
    lines: ['C: Good morning, the heat is out upstairs and the kids are cold.', 'A: I can have a tech there at 1pm.', 'C: Great, thank you.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    tags: ['booked', 'callback'],
    lines: ['C: Water is coming through the ceiling from the bathroom above.', 'A: I booked an emergency visit and the on-call tech will call you.'],
    actions: [
      { type: 'job_booking', status: 'COMPLETED' },
      { type: 'create_callback', status: 'COMPLETED' },
    ],
  },
  {
    type: 'Booked',
    tags: ['booked', 'cancellation'],
    lines: ['C: Cancel the Tuesday plumbing visit, but I do want someone for the AC instead.', 'A: Done, Tuesday is cancelled and the AC visit is Wednesday.'],
    actions: [
      { type: 'job_cancel', status: 'COMPLETED' },
      { type: 'job_booking', status: 'COMPLETED' },
    ],
  },
  {
    type: 'Unbooked',
    lines: ['C: Hey, our basement floor drain is gurgling and smells like sewer.', 'A: I can help. What is the best number to reach you?', 'C: This one.'],
  },
  {
    type: 'Unbooked',
    lines: ['C: Can you guys install a ceiling fan in our living room?', 'A: Yes we can. Can I get your name?', 'C: Sure, it is Pat.', 'A: Thanks Pat.'],
  },
  {
    type: 'Unbooked',
    lines: [
      "C: My thermostat screen is blank and the heat won't kick on.",
      'A: Sorry about that. Let me pull up times.',
      'C: Okay hold on, someone is at my door.',
    ],
  },
  {
    type: 'Unbooked',
    lines: ['C: Necesito que alguien revise mi calentador de agua, hace ruido.', 'A: Con gusto. ¿Me da su nombre?', 'C: Rosa Méndez.'],
  },
  {
    type: 'Unbooked',
    tags: ['callback'],
    lines: ['C: The sump pump alarm keeps going off. Can someone call me back this afternoon?', 'A: I will have someone call you.'],
    actions: [{ type: 'create_callback', status: 'COMPLETED' }],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: [
      'C: Our breaker keeps tripping.',
      'A: The service call is $69 and goes toward the repair.',
      "C: I'm not paying sixty-nine dollars for someone to flip a breaker.",
      'C: Never mind.',
    ],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: [
      'C: The fridge stopped cooling and everything is going to spoil.',
      'A: The next available appointment is Thursday.',
      'C: Thursday? All my food will be gone by then. Forget it.',
    ],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      'C: Can you just tell me over the phone what a tankless water heater runs, installed?',
      'A: The tech prices it on site.',
      "C: I'd rather know the number first.",
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ['C: Am I talking to a computer?', 'A: I am a virtual assistant.', 'C: Get me a real person, my AC is leaking.'],
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ["C: Hi, this is Gary. I'm calling for Steve, the tech who was here Monday. Please tell him the furnace is working fine now, thanks."],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: ['C: We want to get the attic insulation looked at.', 'A: I have Friday at noon.', "C: Let me look at my calendar and I'll call back tomorrow."],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: ['C: Our well pump stopped working.', 'A: What is the zip code there?', 'C: 80911.', "A: I'm sorry, we don't cover that area."],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: Thanks for calling Acme, how may I help?',
      'C: Señora, por favor, mi casa no tiene luz desde ayer.',
      'A: I am sorry, I did not catch that.',
      'C: ¿Hay alguien que hable español?',
    ],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ["C: Hi, I'm with a company that builds websites for contractors. Can I speak to whoever handles your advertising?"],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: Congratulations, your business qualifies for a low interest loan of up to 250 thousand dollars.'],
  },
  {
    type: 'Excused',
    tags: ['do_not_service'],
    lines: ['C: Do you do septic tank pumping?', "A: No, I'm sorry, that is not a service we offer."],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: ['C: Hi, you have reached Tom. I cannot take your call right now.', 'A: Hi Tom, this is Acme reminding you of your appointment tomorrow at 10.'],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'follow_up'],
    lines: ['A: Hi, calling about the estimate we gave for your furnace replacement.', "C: We haven't decided yet. Call me in a couple of weeks."],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'not_interested'],
    lines: ['A: Hi! We are offering a free AC checkup for members.', "C: No, thank you. We're all set for now."],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'do_not_call'],
    lines: ['A: Hello, this is Acme Home Services.', 'C: I told you people already, quit calling this number.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Is this Mario’s Pizza?', 'A: No, this is Acme Plumbing.', 'C: Oh, my bad.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, this is Linda from the supply house, calling to confirm the delivery of the condenser for tomorrow.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hello, I dropped off my application last week and wanted to follow up on it.'],
  },
  {
    type: 'NotLead',
    lines: ['C: I need a copy of my receipt from the repair last month for my taxes.', 'A: I will have the office email it.'],
  },
  {
    type: 'NotLead',
    tags: ['reschedule'],
    lines: ['C: Something came up, can we do the inspection next week instead of Friday?', 'A: Moved to next Wednesday.'],
    actions: [{ type: 'job_reschedule', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    tags: ['appointment_confirmed'],
    direction: 'outbound',
    lines: ['A: Hi, this is Acme confirming your visit tomorrow between 8 and 10.', 'C: Yes, that is fine, we will be home.'],
    actions: [{ type: 'confirm_appointment', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    lines: ["C: Yeah, we won't need the technician on Monday after all. Please take us off the schedule."],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'positive'],
    lines: ['A: Hi, just checking in after your furnace repair.', 'C: It has been running perfectly, thank you, your tech was excellent.'],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Acme, how can I help?', 'C: Hello?', 'A: Hello, are you there?'] },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Good afternoon, Acme Home Services.'], endedReason: 'user_hangup' },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thanks for calling Acme.', 'C: Yeah hi', 'A: How can I help you today?'] },
];

/** The fourth batch, written after the third widening: measured once (19/26 types, 18/23 tags) before its misses were read. */
export const FOURTH_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    direction: 'outbound',
    tags: ['booked', 'outbound_call'],
    lines: ['A: Hi, this is Acme, your annual furnace maintenance is due.', "C: Oh right, yeah let's put it on the calendar.", 'A: You are set for the 14th.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    tags: ['booked'],
    lines: ['C: Hola, se me tapó el drenaje de la cocina.', 'A: Le puedo agendar mañana a las 9.', 'C: Perfecto, gracias.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Unbooked',
    lines: [
      'C: Yeah so the hallway light switch gets hot when you touch it.',
      'A: That should be looked at. Can I have your address?',
      'C: Hang on, my dog is barking.',
    ],
  },
  {
    type: 'Unbooked',
    lines: ["C: We're thinking about replacing our old boiler with a heat pump. Do you do consultations?", 'A: We do. What is your name?', 'C: Carla.'],
  },
  {
    type: 'Unbooked',
    lines: ['C: There is a crack in the toilet tank and it is seeping water.', 'A: I am sorry, our scheduling system is down at the moment.', 'C: Oh. Okay.'],
  },
  {
    type: 'Unbooked',
    lines: ['C: Hi, my garage door only opens halfway and then reverses.', 'A: Got it. When would be a good time?', 'C: Uh, I am driving, I will just...'],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: ['C: My dryer vent needs cleaning.', 'A: The trip charge is $59.', "C: A trip charge? Other guys don't charge that. No thanks."],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: [
      'C: The toilet in our only bathroom is clogged solid.',
      'A: I can offer Monday at 2pm.',
      "C: That's three days from now, we can't go three days without a toilet.",
    ],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      "C: I'm just calling around for prices on a whole house generator install.",
      'A: We would send someone to quote it.',
      "C: I'm not ready for a visit, just want a figure.",
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ["C: Hi, I'd like to talk to Jessica in the office, please, it's about my water heater."],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: ['C: I need a quote to replace the roof.', 'A: I have Tuesday morning open.', "C: I'm getting a couple other estimates first. I'll reach back out."],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: ['C: Our furnace is out.', 'A: What is the address?', 'C: 900 Lake Road, Greenville.', 'A: Unfortunately Greenville is beyond the area we serve.'],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: Hello, how can I help you today?',
      'C: Hola, llamo porque el agua caliente no sale.',
      'A: I am sorry, I only understand English.',
      'C: ... okay, adiós.',
    ],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: [
      'C: Hi, this is Kevin with Prime Payroll Solutions. Are you still doing payroll in-house?',
      'A: How can I help?',
      'C: I would love ten minutes with whoever runs the business.',
    ],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: [
      'C: The Wireless customer you are calling is not available. Please leave a message.',
      'A: Hi, this is Acme calling to confirm your appointment. Please call us.',
    ],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'estimate_declined'],
    lines: ['A: Hi, following up on the water heater estimate.', "C: Yeah, we're going to pass. It was more than we wanted to spend."],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'not_interested'],
    lines: ['A: Hello, we are reaching out about our home protection plan.', "C: Nope, we don't want it.", 'A: Understood.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, is Dr. Patel in today?', 'A: This is Acme Heating.', 'C: Oh, wrong place, sorry.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, this is the Johnstone Supply counter, your order of filters is ready to be picked up.'],
  },
  {
    type: 'NotLead',
    lines: ["C: Hello, I'm calling to see if you have openings for an HVAC helper, I just finished trade school."],
  },
  {
    type: 'NotLead',
    lines: ['C: I paid my invoice online but it still shows a balance.', 'A: I will ask the office to check.'],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    lines: ['C: Hey, please cancel our AC tune up next week, we are moving.', 'A: Your visit is cancelled.'],
    actions: [{ type: 'job_cancel', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    tags: ['reschedule'],
    lines: ["C: I can't be home Thursday, can we push the plumber to Friday?", 'A: Friday at 10 works.'],
    actions: [{ type: 'job_reschedule', status: 'COMPLETED' }],
  },
  // Relabelled from NotLead after review: the problem persists, so the person needs service again.
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'negative'],
    lines: ['A: Hi, we are following up on your AC repair.', "C: It's still blowing warm air, I'm pretty disappointed."],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Acme Home Services, how can I help?', 'C: ', 'A: Hello?'] },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thanks for calling.', 'C: Oh-'], endedReason: 'user_hangup' },
];

/** The fifth batch, written after the fourth widening: measured once (16/25 types, 18/25 tags) before its misses were read. */
export const FIFTH_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    tags: ['booked'],
    lines: ["C: Morning. So the dishwasher's been leaving standing water in the bottom.", 'A: I can get you in Thursday between 12 and 4.', 'C: Sounds good.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    tags: ['booked', 'sooner_slot'],
    lines: ['C: Our AC unit is frozen over.', 'A: Earliest is Friday.', 'C: Fine, book it, but put me down for anything earlier if it frees up.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Unbooked',
    lines: [
      "C: Hi, our water softener isn't regenerating and the water tastes salty.",
      'A: Okay, can I get your name and address?',
      'C: Ben Ortiz, 14 Maple Ave.',
      'A: Let me check availability.',
    ],
  },
  {
    type: 'Unbooked',
    lines: [
      'C: I smell something burning when the heat kicks on.',
      'A: For safety, turn the system off. What is your address?',
      'C: Sorry, my phone is dying.',
    ],
  },
  {
    type: 'Unbooked',
    lines: ['C: Necesito instalar un minisplit en el cuarto de mi hija.', 'A: Claro que sí. ¿En qué código postal está?', 'C: 78745.'],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: ['C: The kitchen faucet drips nonstop.', 'A: We charge a $75 dispatch fee.', "C: Seriously? For a faucet? I'll just go to the hardware store."],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: ['C: Water heater is leaking from the valve.', 'A: Our first opening is a week from Monday.', "C: That's way too long to wait with a leak."],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      'C: Quick question, what would you charge to snake a kitchen drain?',
      'A: A technician can price it once there.',
      "C: I'd just like a rough cost, that's all.",
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ["C: I don't want to deal with a bot. Let me speak with an employee.", 'A: I can help you.', "C: No. An employee, please. It's about my heater."],
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ['C: Hi, can you leave a note for the owner that Mrs. Henderson called about the furnace warranty? He knows.'],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: ['C: We need a new water heater.', 'A: I can book an install for Wednesday.', "C: My husband handles this stuff, I'll have him call you."],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: Hello, this is an automated reminder that your Google Business Profile will be suspended. Press 1 to speak with a listing specialist.'],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: Hi there, we sell refurbished copiers and office printers at great prices. Who does your purchasing?'],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: ['A: Thanks for calling, how can I help?', 'C: Yo no hablo mucho inglés. Problema con la estufa.', 'A: Could you please repeat that in English?'],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: ["C: Hey it's Jordan, leave it at the beep.", 'A: Hi Jordan, Acme here about the quote you requested. Call us back when you can.'],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'not_interested'],
    lines: ['A: Hi, we have openings for duct cleaning this week.', "C: We're good, thanks. Not something we need right now."],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'do_not_call'],
    lines: ['A: Hi, this is Acme with a quick offer.', 'C: Put me on your do-not-call list.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Sorry, I meant to dial my sister.'],
  },
  {
    type: 'NotLead',
    lines: ["C: This is Mike from Ferguson, the invoice for last month's parts is overdue, can you have accounting call me?"],
  },
  {
    type: 'NotLead',
    lines: ['C: Hey, do you need another service tech? I have my EPA certification.'],
  },
  {
    type: 'NotLead',
    tags: ['appointment_confirmed'],
    lines: ['C: Calling to make sure my appointment tomorrow is still on.', 'A: Yes, you are confirmed for 10am.'],
    actions: [{ type: 'confirm_appointment', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'agreed_to_review'],
    lines: ['A: Thanks for choosing Acme. Would you rate us on Google?', 'C: Of course, happy to.'],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'estimate_accepted'],
    lines: ['A: Following up on the estimate for the panel upgrade.', "C: Yes, we'd like to go forward with it."],
    actions: [{ type: 'update_estimate', status: 'COMPLETED', payload: { status: 'sold' } }],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thank you for calling Acme, how may I help you?', 'C: Um, hi, hold on-'] },
  { type: 'Abandoned', tags: ['no_conversation'], lines: [], endedReason: 'user_hangup' },
];

/** The sixth batch, longer calls, written after the fifth widening: measured once (19/25 types, 20/24 tags) before its misses were read. */
export const SIXTH_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    tags: ['booked'],
    lines: [
      'A: Thank you for calling Acme Plumbing and Air, this is Sam. How can I help?',
      "C: Hi Sam. So we've got a bit of a situation, the upstairs bathroom sink won't stop running even when the handle's off.",
      'A: I can get a plumber out. Can I have your name and address?',
      'C: Alex Chen, 55 Birch Lane.',
      'A: I have tomorrow 8 to 10 or 1 to 3.',
      'C: The morning one.',
      "A: You're booked for tomorrow morning.",
    ],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Unbooked',
    lines: [
      'A: Acme Heating, how can I help you?',
      'C: Yeah, our furnace is making a booming noise every time it starts up.',
      'A: That should be checked. What is your address?',
      'C: 301 Walnut, unit B.',
      'A: Let me find a time. One moment please.',
      'A: Hello? Are you still there?',
    ],
  },
  {
    type: 'Unbooked',
    lines: [
      'A: Acme, this is Ava.',
      'C: Hi, I was hoping to get an estimate on a new AC system, ours is original to the house.',
      'A: Happy to help. Can I get your name?',
      'C: Tina.',
      'A: And your address, Tina?',
    ],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: [
      'A: Acme Electric, how can I help?',
      'C: A couple outlets in the kitchen stopped working.',
      'A: I can send an electrician. Just so you know, there is a $95 service fee for the visit.',
      "C: Oh. Hmm. I didn't know there would be a charge.",
      "C: I think I'll hold off then, that's a lot for two outlets.",
    ],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: [
      'A: How can I help?',
      'C: Our water heater went out this morning, no hot water at all.',
      'A: I am sorry. The soonest I have is Tuesday afternoon.',
      "C: Tuesday? No, I've got three kids, I need hot water before then.",
      'C: I will try somebody else.',
    ],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      'A: How can I help you today?',
      "C: I'm comparing prices. How much is a new 50 gallon water heater with installation?",
      'A: The technician will give you an exact price at the visit.',
      "C: I don't want a visit, I just need a number to compare.",
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: [
      'A: Hi, this is Ava, the virtual assistant for Acme.',
      'C: Virtual? Ugh. Is there a human there? I need to talk to a real person about my AC.',
      'A: I can help with that.',
      'C: No, a person.',
    ],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: [
      'A: How can I help?',
      'C: We need the sewer line scoped, we are buying a house.',
      'A: I can schedule that for Thursday.',
      "C: Let me confirm with the realtor when we have access and I'll call back.",
    ],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: [
      'A: How can I help?',
      'C: My AC is out, I am in Round Rock.',
      "A: I'm sorry, Round Rock is outside the area we service. I'd recommend a local company.",
      'C: Oh, okay.',
    ],
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ['A: Acme, how can I help?', 'C: Hi, could you just pass along to Mark that I got his estimate and I have a question about it?', 'A: Sure.'],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: [
      'A: Acme Home Services, how can I help?',
      "C: Hi, I'm calling from Local Leads Pro, we send homeowners looking for HVAC services straight to your phone.",
      'C: Do you have two minutes to hear how it works?',
    ],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: Thank you for calling, how can I help?',
      'C: Buenas, ¿con quién hablo? Tengo un problema con la tubería.',
      'A: Sorry, I can only help in English.',
      'C: Ah, no entiendo. Gracias.',
    ],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: [
      'C: Hi, this is the voicemail of Maria Lopez. Please leave your name and number.',
      'A: Hi Maria, this is Acme calling about your furnace tune-up. Please call us back at your convenience.',
    ],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'not_interested'],
    lines: [
      'A: Hi, this is Acme Home Services, we noticed your AC is over 15 years old and wanted to offer a free replacement estimate.',
      "C: Thanks, but we're not in the market for a new system.",
      'A: No problem.',
    ],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'do_not_contact'],
    lines: ['A: Hi, this is Acme following up on your recent inquiry.', 'C: Please stop contacting me, I never made an inquiry.'],
  },
  {
    type: 'NotLead',
    lines: ['A: Acme Plumbing, how can I help?', "C: Hi, is this the Johnsons' residence?", 'A: No, this is Acme Plumbing.', 'C: Sorry, wrong number.'],
  },
  {
    type: 'NotLead',
    lines: ['A: How can I help?', 'C: Hi, this is Dana with Rheem, I am your new territory manager and I wanted to introduce myself to the owner.'],
  },
  {
    type: 'NotLead',
    lines: ['A: How can I help?', 'C: Hi, I worked for you guys last summer and I need a copy of my W-2.'],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    lines: ['A: How can I help?', 'C: I had a technician scheduled for Friday but the problem went away on its own, so go ahead and cancel it.', 'A: Done.'],
    actions: [{ type: 'job_cancel', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    tags: ['reschedule'],
    lines: ['A: How can I help?', 'C: Can I move my appointment from Monday to Wednesday? Something came up at work.', 'A: You are now on Wednesday at 9.'],
    actions: [{ type: 'job_reschedule', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    lines: ['A: How can I help?', 'C: When will my technician get here? He was supposed to come at ten.', 'A: He is about 20 minutes away.'],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'positive'],
    lines: ['A: Hi, this is Acme checking on your recent drain cleaning.', "C: Oh, it's draining perfectly now. Thanks for calling!"],
  },
  {
    type: 'Abandoned',
    tags: ['no_conversation'],
    lines: ['A: Thanks for calling Acme, how can I help you?', 'C: [inaudible]', 'A: Sorry, I did not catch that.'],
  },
  {
    type: 'Abandoned',
    tags: ['no_conversation'],
    lines: ['A: Hi, thanks for calling Acme Plumbing.', 'C: Hi.', 'A: How can I help?'],
    endedReason: 'user_hangup',
  },
  {
    type: 'Abandoned',
    direction: 'outbound',
    tags: ['no_conversation', 'outbound_call'],
    lines: ['A: Hi, this is Acme calling about your estimate.', 'C: Hello?', 'A: Hi, can you hear me?'],
    endedReason: 'user_hangup',
  },
];

/** The seventh batch, written after the sixth widening: measured once (19/27 types, 17/23 tags) before its misses were read. */
export const SEVENTH_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    tags: ['booked'],
    lines: ['A: Acme, how may I help?', 'C: Need somebody to look at our attic fan, it quit.', 'A: I have you down for Monday at 11.', 'C: Thanks.'],
    actions: [{ type: 'create_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    tags: ['booked'],
    lines: ['C: Buenas noches, la calefacción no prende y hace mucho frío.', 'A: Le agendé una visita de emergencia para esta noche.', 'C: Muchas gracias.'],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Unbooked',
    lines: ['C: hey so my toilet keeps running all night and the water bill is insane', 'A: I can help. whats the address', 'C: gimme a sec'],
  },
  {
    type: 'Unbooked',
    lines: [
      'C: I think we have a gas leak near the water heater, I can smell it.',
      'A: Please leave the house and call the gas company. I will note this for our team.',
      'C: Okay, going now.',
    ],
  },
  {
    type: 'Unbooked',
    lines: [
      "C: We just bought a place and the electrical panel looks ancient. We'd like someone to inspect it.",
      'A: Sure, what is a good phone number?',
      'C: 512 555 0111.',
    ],
    actions: [{ type: 'job_booking', status: 'DROPPED' }],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: [
      'C: The AC is making a clicking noise and not cooling.',
      'A: There is an $85 diagnostic fee, credited if you do the repair.',
      "C: I'm on a fixed income, I can't swing that right now.",
    ],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: ['C: The garbage disposal is humming but not turning.', 'A: I have next Thursday or Friday.', "C: Neither works, I'm traveling both days."],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      'C: What do you guys typically get for a furnace replacement?',
      'A: It depends on the home; a comfort advisor would visit.',
      "C: Just ballpark it for me, I'm budgeting.",
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: [
      'C: Is there a manager I can talk to? I was overcharged on my last repair and my sink is leaking again.',
      'A: I can help schedule.',
      'C: I want the manager.',
    ],
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ['C: Just wanted to let your plumber Dave know the water is turned off and the key is under the mat.', 'A: I will pass it on.'],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: [
      'C: Thinking about getting a tankless water heater.',
      'A: I can set up a consultation Tuesday.',
      'C: I need to sleep on it. I will give you a ring next week.',
    ],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: ['C: Hi, I need a drain cleared in Cedar Park.', 'A: What is the zip?', 'C: 78613.', 'A: I am afraid that zip is out of our coverage area.'],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: ['A: Thank you for calling Acme.', 'C: Sí, hola. Mi lavadora está goteando agua.', 'A: I am sorry, can you speak English?', 'C: No, no inglés.'],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: This is a courtesy call regarding your business energy account. You may be eligible for a lower electricity rate. Press 2 to learn more.'],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ["C: Hey there! I'm with ReviewBoost, we help contractors get more five star reviews. Who's the right person to talk to?"],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ['C: I have a question about my furnace, can I get transferred to service?', 'A: Connecting you now.'],
    endedReason: 'transferred',
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: ['C: Please leave a message for 5 1 2 5 5 5 0 1 9 9.', 'A: Hi, this is Acme reaching out about your service request. Please call us back.'],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'no_thanks'],
    lines: ['A: Hi, would you like to join our maintenance club for $15 a month?', 'C: No thank you.'],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'estimate_declined'],
    lines: ['A: Hi, checking in on the bathroom remodel estimate we sent.', 'C: We found someone cheaper, so we will not be moving ahead.'],
    actions: [{ type: 'update_estimate', status: 'COMPLETED', payload: { status: 'unsold' } }],
  },
  {
    type: 'NotLead',
    lines: ['C: Hello? Is this the county permit office?', 'A: No, this is Acme Plumbing.', 'C: Ah, sorry.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, I am a rep for Lennox and wanted to drop off some new product brochures for your technicians this week.'],
  },
  {
    type: 'NotLead',
    lines: ['C: My neighbor said you guys did her AC, I just wanted to say thanks, she loves it.'],
  },
  {
    type: 'NotLead',
    tags: ['appointment_confirmed'],
    direction: 'outbound',
    lines: ['A: Hi, this is Acme with a reminder of your appointment tomorrow at 2.', 'C: Yep, we will be here. Thanks.'],
    actions: [{ type: 'confirm_appointment', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    direction: 'outbound',
    lines: ['A: Hi, this is Acme reminding you of your visit Friday.', 'C: Oh, we need to cancel that, we sold the house.', 'A: I have cancelled it.'],
    actions: [{ type: 'job_cancel', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    lines: ['C: Do you guys take Discover cards?', 'A: Yes we do.', 'C: Great, thanks.'],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Acme, how can I help?', 'C: Sorry-', 'A: Hello?'] },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thank you for calling, this is Ava.', 'A: Are you there?', 'A: I will end the call now.'] },
];

/** The eighth batch, written after the seventh widening: measured once (18/25 types, 16/22 tags) before its misses were read. */
export const EIGHTH_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    tags: ['booked'],
    lines: [
      'A: Acme, how can I help?',
      'C: What are your hours? Actually, never mind, my basement is flooding, can you send somebody now?',
      'A: A plumber is on the way, arriving within the hour.',
    ],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Unbooked',
    lines: [
      'A: Acme Air, how can I help?',
      'C: Hi, the upstairs is like 85 degrees and the downstairs is fine.',
      'A: That sounds like an airflow issue. Can I get your name?',
      'C: Yeah, uh, can I call back with that?',
    ],
  },
  {
    type: 'Unbooked',
    lines: [
      'A: How can I help?',
      'C: My outdoor spigot cracked over the winter and sprays water.',
      'A: Okay. Are you the homeowner?',
      'C: Yes.',
      'A: One second.',
    ],
  },
  {
    type: 'Unbooked',
    lines: ['A: ¿En qué le puedo ayudar?', 'C: Tengo una gotera en el techo cuando llueve.', 'A: Entiendo. ¿Cuál es su dirección?', 'C: Avenida Reforma 12.'],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: ['C: The ice maker stopped making ice.', 'A: We have a $65 trip charge.', "C: Nah, that's not worth it for an ice maker."],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: [
      'C: My AC is out and my mother is elderly.',
      'A: The first slot I have is Saturday morning.',
      "C: That won't work, she can't be in this heat for two more days.",
    ],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: ['C: Do you charge by the hour or a flat rate for rewiring a room?', 'A: We quote on site.', 'C: I need to know the cost before I book anything.'],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ['C: Operator. Operator!', 'A: I am the virtual assistant, how can I help?', 'C: Representative please, my water heater is leaking.'],
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ['C: Can you have the office know that I left the check in the mailbox for the furnace repair?', 'A: Sure.'],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: ['C: I was hoping to get a new thermostat installed.', 'A: I have Monday at 10.', "C: I'm going to wait until payday, I'll call you then."],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: ['C: Do you come out to Georgetown? My breaker box is buzzing.', 'A: I am sorry, Georgetown is outside of where we can send technicians.'],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: This call is about your vehicle’s extended service contract, which is about to expire. Press 9 to speak to an agent.'],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: Hi, is this the business owner? I am calling from Capital Funding, we have approved financing options for businesses like yours.'],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: Hello, thank you for calling.',
      'C: Hola, ¿tiene a alguien que hable español? Mi calentador no sirve.',
      'A: I apologize, I can only assist in English.',
    ],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: [
      'C: Your call has been forwarded to an automated voice messaging system. Please record your message.',
      'A: Hi, this is Acme about your AC estimate, please call us back.',
    ],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'do_not_call'],
    lines: ['A: Hi there, calling from Acme with a special on furnace tune-ups.', "C: How did you get this number? Don't ever call me again."],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'different_service'],
    lines: [
      'A: Hi, following up on your AC tune-up reminder.',
      "C: We don't need the tune-up, but we actually want someone to look at our water heater instead.",
    ],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, this is Pam from the credit union calling for Mr. Acme regarding his personal account.', 'A: I will pass that on.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hola, estoy buscando trabajo como ayudante de plomero, ¿están contratando?'],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, I think I got a text from this number, who is this?', 'A: This is Acme Home Services.', 'C: Oh okay, never mind.'],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    lines: ['C: Yeah, cancel the furnace thing on Wednesday, we went with another company.', 'A: It is cancelled.'],
    actions: [{ type: 'job_cancel', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    lines: ['C: Is my technician still coming today? Nobody has called me.', 'A: Yes, he will be there by 3.'],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'negative'],
    lines: ['A: Hi, we would like your feedback on your recent visit.', 'C: Your guy tracked mud all over my carpet and was an hour late. Not impressed.'],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Acme, this is Ava, how can I help?', 'C: (background noise)', 'A: Hello?'] },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Thanks for calling Acme Home Services.', 'C: Oops.'], endedReason: 'user_hangup' },
];

/** The ninth batch, written after the eighth widening: measured once (18/24 types, 18/22 tags) before its misses were read. */
export const NINTH_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    tags: ['booked'],
    lines: [
      'C: Hey, our heat pump is short cycling, turns on and off every couple minutes.',
      'A: I have a technician available Wednesday 9 to 11.',
      'C: Put me down for that.',
    ],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Unbooked',
    lines: [
      "C: There's a weird hum coming from the electrical box outside.",
      'A: Let me get some details. Is anything sparking?',
      "C: No, just humming. Look, I have to run, I'm at work.",
    ],
  },
  {
    type: 'Unbooked',
    lines: ['C: Quiero cambiar el calentador de agua, ya tiene quince años.', 'A: Claro, con gusto le ayudo. ¿Su nombre?', 'C: Jorge.'],
  },
  {
    type: 'Unbooked',
    lines: [
      'C: Our kitchen lights flicker whenever the microwave runs.',
      'A: I would like to get an electrician out. What city are you in?',
      'C: Austin.',
      'A: Thank you, checking the schedule.',
    ],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: [
      'C: Can someone look at my water pressure? It is really low.',
      'A: Sure, the evaluation is $89.',
      'C: $89 just to tell me what is wrong? That is highway robbery.',
    ],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: [
      'C: The sewer is backing up into the tub.',
      'A: Our next opening is tomorrow at 4pm.',
      "C: Tomorrow? This is an emergency, I can't wait until tomorrow.",
    ],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: ['C: Ballpark, what would a new 3 ton AC run me?', 'A: A comfort advisor would give an exact quote.', 'C: Just looking for a range right now.'],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ['C: Press zero. Agent. Human. I need to speak to somebody live about my furnace.'],
  },
  {
    type: 'Excused',
    tags: ['message_drop'],
    lines: ["C: Hey, it's Rob, can you get word to Tony that his parts pickup moved to Thursday? Thanks.", 'A: Will do.'],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: [
      'C: Interested in a whole home water filter.',
      'A: I can book a consultation Friday.',
      "C: We're still researching options. We'll reach out when we're ready.",
    ],
  },
  {
    type: 'Excused',
    tags: ['outside_service_area'],
    lines: ['C: My water heater is leaking, I am at 77001.', "A: I'm sorry, that zip code isn't one we serve."],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: [
      'C: Good afternoon, I am with Summit Insurance. We specialize in general liability for contractors. Is the owner available to discuss your policy?',
    ],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: How can I help you?',
      'C: Aló, sí, el baño está inundado, necesito ayuda urgente.',
      'A: I am sorry, I do not understand Spanish.',
      'C: ¿Qué? No entiendo.',
    ],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: [
      'C: Sorry I missed you. Leave a message and I will get back to you.',
      'A: Hi, it is Acme about scheduling your furnace tune-up. Please call us back.',
    ],
  },
  {
    type: 'Unbooked',
    direction: 'outbound',
    tags: ['outbound_call', 'not_interested'],
    lines: [
      'A: Hi, we are calling homeowners in your area about a free plumbing inspection.',
      'C: We rent, so that is not something we would do. Thanks though.',
    ],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'follow_up'],
    lines: [
      'A: Hi, we sent you an estimate for a new water heater last week.',
      'C: Yes, we got it. We are still talking it over, can you call back next month?',
    ],
  },
  {
    type: 'NotLead',
    lines: ['C: Hey, is this the number for Bob’s towing? My car broke down.', 'A: No, this is Acme Plumbing.', 'C: Dang, okay.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Good morning, I am calling from Grainger about your account and an order that is on backorder.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Do you guys have any apprenticeship programs? My son is interested in becoming an electrician.'],
  },
  {
    type: 'NotLead',
    tags: ['reschedule'],
    lines: ['C: My tech was supposed to come tomorrow but I have to work, any chance we can do Saturday?', 'A: Saturday at 9 is set.'],
    actions: [{ type: 'job_reschedule', status: 'COMPLETED' }],
  },
  {
    type: 'NotLead',
    lines: ['C: I just need your company W-9 for our property management records.', 'A: I will have the office send it.'],
  },
  {
    type: 'NotLead',
    direction: 'outbound',
    tags: ['outbound_call', 'positive', 'agreed_to_review'],
    lines: [
      'A: Hi, how did the new furnace install go?',
      'C: Fantastic, the crew was great.',
      'A: Would you mind leaving a review?',
      'C: I would be happy to.',
    ],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Acme, how can I help today?', 'C: Hello? Hello? I can’t hear you.'] },
  {
    type: 'Abandoned',
    tags: ['no_conversation'],
    lines: ['A: Thanks for calling Acme.', 'A: Hello?', 'A: If you can hear me, please call back.'],
    endedReason: 'user_hangup',
  },
];

/** The tenth batch, written after the ninth widening: measured once (14/20 types, 14/18 tags) before its misses were read. */
export const TENTH_BATCH_CALLS: HeldOutCall[] = [
  {
    type: 'Booked',
    direction: 'outbound',
    tags: ['booked', 'outbound_call'],
    lines: [
      'A: Hi, you requested a quote for gutter cleaning on our website.',
      'C: Yes! Can you do it before the storm this weekend?',
      'A: I have you Friday at 1.',
    ],
    actions: [{ type: 'job_booking', status: 'COMPLETED' }],
  },
  {
    type: 'Booked',
    tags: ['booked', 'reschedule'],
    lines: [
      'C: Can we move the drain cleaning to Monday, and also add a visit for the dishwasher?',
      'A: Moved to Monday and the dishwasher is booked for Tuesday.',
    ],
    actions: [
      { type: 'job_reschedule', status: 'COMPLETED' },
      { type: 'job_booking', status: 'COMPLETED' },
    ],
  },
  {
    type: 'Unbooked',
    lines: [
      'C: Hi, the pilot light on our furnace keeps going out overnight.',
      'A: I can help get that looked at. Can I confirm your phone number?',
      'C: Sorry, someone is at the door, bye.',
    ],
  },
  {
    type: 'Unbooked',
    lines: ['C: Mi refrigerador hace un ruido muy fuerte y no enfría bien.', 'A: Lo siento. ¿Me puede dar su dirección?', 'C: Sí, un momento.'],
  },
  {
    type: 'Unbooked',
    lines: [
      'C: We have water dripping from the AC vent in the ceiling.',
      'A: Let me pull up our schedule.',
      'A: I apologize, I am having trouble booking right now.',
    ],
  },
  {
    type: 'Excused',
    tags: ['dispatch_fee_issue'],
    lines: ['C: The washer will not drain.', 'A: We have a $70 service call charge.', 'C: For real? I paid less for the washer itself. Pass.'],
  },
  {
    type: 'Excused',
    tags: ['timing_issue'],
    lines: ['C: Half the house has no power.', 'A: Our electrician can come Thursday afternoon.', 'C: Thursday is no good. I need power tonight.'],
  },
  {
    type: 'Excused',
    tags: ['estimate_on_call'],
    lines: [
      'C: Before you send anyone, what does a drain camera inspection cost?',
      'A: We provide pricing at the visit.',
      'C: Then I will wait until I know the price.',
    ],
  },
  {
    type: 'Excused',
    tags: ['agent_requested'],
    lines: ['C: I need to talk to someone about my AC warranty, a live human please.', 'A: I can try to help.', 'C: No, transfer me.'],
  },
  {
    type: 'Excused',
    tags: ['follow_up'],
    lines: ['C: My toilet rocks when I sit on it.', 'A: I can book Thursday at 3.', "C: Hmm, I'll have to get back to you on a time."],
  },
  {
    type: 'Excused',
    tags: ['spam'],
    lines: ['C: Hi, this is Jenna with Bright Solar. Homeowners in your area are saving up to 40 percent, does your company want to partner on referrals?'],
  },
  {
    type: 'Excused',
    tags: ['language_issue'],
    lines: [
      'A: Thank you for calling Acme.',
      'C: Bonjour, je parle français. Mon chauffe-eau ne marche pas.',
      'A: Sorry, I did not understand.',
      'C: Français? Non? Merci.',
    ],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'message_left'],
    lines: ['C: Hi, you have reached the Smiths, we are not home right now.', 'A: Hi, this is Acme calling to confirm tomorrow. Call us back at 555 0100.'],
  },
  {
    type: 'Excused',
    direction: 'outbound',
    tags: ['outbound_call', 'not_interested'],
    lines: ['A: Hi, it is Acme. Your AC filter subscription is up for renewal.', "C: We're going to cancel that, we don't use it."],
  },
  {
    type: 'NotLead',
    lines: ['C: Hi, can I get the name of the plumber who came out Tuesday? I want to send a thank you card.', 'A: It was Luis.'],
  },
  {
    type: 'NotLead',
    lines: ['C: I am calling from the city inspection office to confirm the permit inspection for 14 Elm.', 'A: Thank you.'],
  },
  {
    type: 'NotLead',
    lines: ['C: Sorry, I was trying to reach the Acme car wash.', 'A: This is Acme Plumbing.'],
  },
  {
    type: 'NotLead',
    tags: ['cancellation'],
    lines: ["C: Hi, I'd like to cancel tomorrow's appointment, my landlord is handling it."],
  },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Hi, this is Acme, how can I help?', 'C: Uh, yeah, hi, um-'], endedReason: 'user_hangup' },
  { type: 'Abandoned', tags: ['no_conversation'], lines: ['A: Acme Home Services, good morning.', 'C: Hello?'] },
];
