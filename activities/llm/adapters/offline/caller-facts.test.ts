import { isDecline, isNo, isYes, pickWindow, readName, readTime, readUtterance, spokenDigitsToNumbers, type ReadingContext } from './caller-facts';

// 2026-03-03 is a Tuesday.
const ctx: ReadingContext = { today: '2026-03-03', now: '09:15', expecting: null };
const asked = (expecting: ReadingContext['expecting']): ReadingContext => ({ ...ctx, expecting });

describe('reading a caller utterance', () => {
  it('takes every slot from one bundled sentence', () => {
    expect(readUtterance("Hi, I'm Dana Ruiz at 14 Oak Lane 78701, my AC quit, can someone come tomorrow morning? 512-555-0142", ctx)).toMatchObject({
      name: 'Dana Ruiz',
      phone: '+15125550142',
      street: { street: '14 Oak Lane', streetNumber: '14', streetName: 'Oak Lane' },
      zip: '78701',
      problem: 'my AC quit',
      time: { date: '2026-03-04', after: '08:00', before: '12:00', asap: false },
    });
  });

  it.each([
    ['512-555-0142', '+15125550142'],
    ['(512) 555-0142', '+15125550142'],
    ['512.555.0142', '+15125550142'],
    ['5125550142', '+15125550142'],
    ['+1 512 555 0142', '+15125550142'],
    ['five one two, five five five, zero one four two', '+15125550142'],
    ['area code 512, 555-0142', '+15125550142'],
  ])('reads the phone number %s', (spoken, phone) => {
    expect(readUtterance(`my number is ${spoken}`, ctx).phone).toBe(phone);
  });

  it('keeps a phone number, a street number and a zip code apart', () => {
    expect(readUtterance('14 Oak Lane 78701, 512-555-0142', ctx)).toMatchObject({ phone: '+15125550142', street: { streetNumber: '14' }, zip: '78701' });
    expect(readUtterance('It is 78745.', asked('zip'))).toEqual({ zip: '78745' });
    expect(readUtterance('zip seven eight seven zero four', ctx).zip).toBe('78704');
    expect(readUtterance('AC out. 78745. 512-555-0182. Tom Reed.', ctx)).toMatchObject({ zip: '78745', phone: '+15125550182', name: 'Tom Reed' });
    // A five-digit number in passing is not a zip code unless it comes with an address or was asked for.
    expect(readUtterance('The unit is 12345 model something', ctx).zip).toBeUndefined();
  });

  it('reads addresses with a city and state, a unit, abbreviations, and a bare street when asked', () => {
    expect(readUtterance('The address is 120 Oak Street, Austin, TX 78701.', ctx)).toMatchObject({
      street: { street: '120 Oak Street', city: 'Austin', state: 'TX' },
      zip: '78701',
    });
    expect(readUtterance("I'm at 2210 Maple Ave Apt 4B, Austin TX 78745", ctx).street).toMatchObject({ street: '2210 Maple Ave Apt 4B', city: 'Austin' });
    expect(readUtterance('401 W 5th St, 78701', ctx).street?.streetName).toBe('W 5th St');
    expect(readUtterance('2210 Maple', asked('address')).street?.street).toBe('2210 Maple');
    expect(readUtterance('2210 Maple', ctx).street).toBeUndefined();
    expect(readUtterance("I'm at 14 Oak 78701", ctx)).toMatchObject({ street: { street: '14 Oak' }, zip: '78701' });
    expect(readUtterance('Address 77 Pine Ridge Drive, Austin 78745.', ctx).street).toMatchObject({ street: '77 Pine Ridge Drive', city: 'Austin' });
  });

  it('reads a name introduced, lower-cased, followed by "here", bare when asked, or alone in a clause', () => {
    expect(readName('My name is Jane Cooper.', null)).toBe('Jane Cooper');
    expect(readName('my name is dana ruiz and I need help', null)).toBe('Dana Ruiz');
    expect(readName('Ellen Park here, I need a tune-up', null)).toBe('Ellen Park');
    expect(readName('Jane Cooper.', 'name')).toBe('Jane Cooper');
    expect(readName('Sure, it is Sam', 'name')).toBe('Sam');
    expect(readName('Toilet is clogged. Gabe Wilson, 48 Bluebonnet Lane', null)).toBe('Gabe Wilson');
    expect(readName('Hi, this is Rob Fields.', null)).toBe('Rob Fields');
    expect(readName("My name's Ana. Ana Lopez. Phone", null)).toBe('Ana Lopez');
    expect(readName('my furnace is making noise. Kim Lee at 3 Rose Court', null)).toBe('Kim Lee');
  });

  it('does not take ordinary words for a name', () => {
    expect(readName("I'm having trouble with my AC", null)).toBeNull();
    expect(readName("It's Friday that works", null)).toBeNull();
    expect(readName('Wait, I meant the other one', 'name')).toBeNull();
    expect(readName('Kitchen Sink', null)).toBeNull();
    expect(readName('that works', 'name')).toBeNull();
  });

  it('reads preferred times relative to the org-local today', () => {
    expect(readTime('tomorrow morning', ctx.today)).toMatchObject({ date: '2026-03-04', after: '08:00', before: '12:00' });
    expect(readTime('Friday after 2', ctx.today)).toMatchObject({ date: '2026-03-06', after: '14:00', before: null });
    expect(readTime('actually, make it Friday', ctx.today)).toMatchObject({ date: '2026-03-06', after: null });
    expect(readTime('Monday afternoon', ctx.today)).toMatchObject({ date: '2026-03-09', after: '12:00', before: '17:00' });
    expect(readTime('Tuesday', ctx.today)?.date).toBe('2026-03-10');
    expect(readTime('this Tuesday', ctx.today)?.date).toBe('2026-03-03');
    expect(readTime('next week', ctx.today)?.date).toBe('2026-03-09');
    expect(readTime('March 12th around 10 am', ctx.today)).toMatchObject({ date: '2026-03-12', after: '09:00', before: '11:00' });
    expect(readTime('the 2nd', ctx.today)?.date).toBe('2026-04-02');
    expect(readTime('as soon as possible', ctx.today)).toMatchObject({ date: null, asap: true });
    expect(readTime('do you have anything earlier?', ctx.today)).toMatchObject({ asap: true });
    expect(readTime('someone out this week', ctx.today)).toMatchObject({ asap: true });
    expect(readTime('my AC quit', ctx.today)).toBeNull();
    expect(readTime('Good afternoon, I need someone to look at my furnace.', ctx.today)).toBeNull();
    // The day named last is the one wanted; a weekday and its date are one day.
    expect(readTime('hmm tomorrow is bad, next Wednesday?', ctx.today)?.date).toBe('2026-03-11');
    expect(readTime('monday the 9th in the morning', ctx.today)).toMatchObject({ date: '2026-03-09', after: '08:00' });
    expect(readTime('Thursday between 1 and 3', ctx.today)).toMatchObject({ date: '2026-03-05', after: '13:00', before: '15:00' });
    expect(readTime('not before 10', ctx.today)).toMatchObject({ after: '10:00', before: null });
    expect(readTime('no later than 3', ctx.today)).toMatchObject({ after: '08:00', before: '15:00' });
    expect(readTime('after lunch tomorrow', ctx.today)).toMatchObject({ date: '2026-03-04', after: '13:00' });
  });

  it('reads yes, no and a turned-down offer', () => {
    expect(isYes('Yes, please.')).toBe(true);
    expect(isYes('Um, sure, that works')).toBe(true);
    expect(isNo('No.')).toBe(true);
    expect(isNo('No heat since this morning')).toBe(true);
    expect(isDecline('Not then.')).toBe(true);
    expect(isDecline("That doesn't work for me")).toBe(true);
    expect(isDecline('Do you have anything later?')).toBe(true);
    expect(isDecline('The first one, please.')).toBe(false);
    expect(isDecline('tomorrow is bad')).toBe(true);
  });

  it('turns runs of spoken digits into digits and leaves other words alone', () => {
    expect(spokenDigitsToNumbers('someone at one two three four')).toBe('someone at 1234');
    expect(spokenDigitsToNumbers('one more thing')).toBe('one more thing');
  });
});

describe('picking an offered window', () => {
  const windows = [
    { start: '2026-03-04T08:00:00', end: '2026-03-04T10:00:00' },
    { start: '2026-03-04T13:00:00', end: '2026-03-04T15:00:00' },
    { start: '2026-03-06T10:00:00', end: '2026-03-06T12:00:00' },
  ];
  it.each([
    ['The second one, please.', 1],
    ['the last one', 2],
    ['1 PM works for me', 1],
    ["the 8 o'clock", 0],
    ['Friday works', 2],
    ['the afternoon one', 1],
    ['Yes, please.', 0],
    ['either is fine', 0],
  ])('"%s" picks window %i', (text, index) => {
    expect(pickWindow(text, windows, '2026-03-03')).toBe(windows[index]);
  });

  it('picks nothing for a turned-down offer or a day not offered', () => {
    expect(pickWindow('Not then.', windows, '2026-03-03')).toBeNull();
    expect(pickWindow('How about Monday?', windows, '2026-03-03')).toBeNull();
  });
});
