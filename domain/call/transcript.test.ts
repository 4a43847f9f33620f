import {
  formatReadableTranscript,
  formatTranscriptWithToolCalls,
  mmssToSeconds,
  normalizeTranscriptRole,
  parseReadableTranscript,
  parseTranscriptLine,
  secondsToMmss,
  toTranscriptLines,
} from './transcript';

describe('mmssToSeconds', () => {
  it.each([
    ['00:00', 0],
    ['00:07', 7],
    ['01:00', 60],
    ['02:35', 155],
    ['9:05', 545],
    ['59:59', 3599],
    ['75:03', 4503],
    [' 03:10 ', 190],
  ])('%s is %i seconds', (timestamp, seconds) => {
    expect(mmssToSeconds(timestamp)).toBe(seconds);
  });

  it.each(['', '1:2', '01:60', '01:5', 'aa:bb', '01:02:03', '-1:00', '01.30', '01:30s'])('rejects %j', (timestamp) => {
    expect(() => mmssToSeconds(timestamp)).toThrow(RangeError);
  });
});

describe('secondsToMmss', () => {
  it.each([
    [0, '00:00'],
    [7.9, '00:07'],
    [155, '02:35'],
    [4503, '75:03'],
  ])('%d s is %s', (seconds, timestamp) => {
    expect(secondsToMmss(seconds)).toBe(timestamp);
  });

  it('round-trips through mmssToSeconds', () => {
    for (const seconds of [0, 1, 59, 60, 61, 599, 3600, 4503]) {
      expect(mmssToSeconds(secondsToMmss(seconds))).toBe(seconds);
    }
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (seconds) => {
    expect(() => secondsToMmss(seconds)).toThrow(RangeError);
  });
});

describe('parseTranscriptLine', () => {
  it.each([
    ['Agent: Thanks for calling Demo HVAC.', '00:02', { role: 'Agent', message: 'Thanks for calling Demo HVAC.', seconds: 2 }],
    ['Customer: My furnace stopped.', '00:09', { role: 'Customer', message: 'My furnace stopped.', seconds: 9 }],
    ['user : Hey, what is up?', '01:15', { role: 'Customer', message: 'Hey, what is up?', seconds: 75 }],
    ['assistant: Sure.', '02:00', { role: 'Agent', message: 'Sure.', seconds: 120 }],
    ['IVR: Press 1 for sales.', '00:01', { role: 'IVR', message: 'Press 1 for sales.', seconds: 1 }],
    ['Technician: On my way.', '03:30', { role: 'Unknown', message: 'On my way.', seconds: 210 }],
    ['Agent: Can you do 3:30 tomorrow?', '04:00', { role: 'Agent', message: 'Can you do 3:30 tomorrow?', seconds: 240 }],
    ['no speaker here', '00:05', { role: 'Unknown', message: 'no speaker here', seconds: 5 }],
    ['https://example.test/x', '00:06', { role: 'Unknown', message: 'https://example.test/x', seconds: 6 }],
  ])('%j at %s', (message, timestamp, expected) => {
    expect(parseTranscriptLine(message, timestamp)).toEqual({ ...expected, timestamp });
  });

  it('refuses a line whose time is not mm:ss', () => {
    expect(() => parseTranscriptLine('Agent: hi', '1m30s')).toThrow('mm:ss');
  });
});

describe('normalizeTranscriptRole', () => {
  it.each([
    ['agent', 'Agent'],
    ['Bot', 'Agent'],
    ['AI', 'Agent'],
    ['human', 'Customer'],
    ['USER', 'Customer'],
    ['caller', 'Customer'],
    ['ivr', 'IVR'],
    ['transfer_target', 'Unknown'],
    ['', 'Unknown'],
  ])('%j is %s', (label, role) => {
    expect(normalizeTranscriptRole(label)).toBe(role);
  });
});

describe('readable transcripts', () => {
  const turns = [
    { role: 'Agent' as const, content: 'Hello, Demo HVAC.', words: [{ word: 'Hello,', start: 0.4, end: 0.8 }] },
    { role: 'Customer' as const, content: 'My AC is leaking.', words: [{ word: 'My', start: 3.2, end: 3.4 }] },
    { role: 'Agent' as const, content: 'I can book a visit.' },
    { role: 'Customer' as const, content: 'Thanks.', words: [{ word: 'Thanks.', start: 65.9, end: 66.3 }] },
  ];

  it('formats one "role: text" line per turn', () => {
    expect(formatReadableTranscript(turns)).toBe('Agent: Hello, Demo HVAC.\nCustomer: My AC is leaking.\nAgent: I can book a visit.\nCustomer: Thanks.');
  });

  it('times each line from its first word, carrying the last time over turns without timings', () => {
    expect(toTranscriptLines(turns)).toEqual([
      { role: 'Agent', message: 'Hello, Demo HVAC.', timestamp: '00:00', seconds: 0 },
      { role: 'Customer', message: 'My AC is leaking.', timestamp: '00:03', seconds: 3 },
      { role: 'Agent', message: 'I can book a visit.', timestamp: '00:03', seconds: 3 },
      { role: 'Customer', message: 'Thanks.', timestamp: '01:05', seconds: 65 },
    ]);
  });

  it('parses a vendor text transcript back into turns, joining continuation lines', () => {
    const text = '\nbot: Hello, I am calling from Demo HVAC.\nhuman: Yes.\nI have a question.\n\nbot: Go ahead.';
    expect(parseReadableTranscript(text)).toEqual([
      { role: 'Agent', content: 'Hello, I am calling from Demo HVAC.' },
      { role: 'Customer', content: 'Yes. I have a question.' },
      { role: 'Agent', content: 'Go ahead.' },
    ]);
  });

  it('uses the caller-supplied role map', () => {
    expect(parseReadableTranscript('robot: beep', () => 'IVR')).toEqual([{ role: 'IVR', content: 'beep' }]);
  });

  it('weaves tool calls into the readable transcript', () => {
    expect(
      formatTranscriptWithToolCalls([
        { kind: 'turn', role: 'Customer', content: 'Can someone come Tuesday?' },
        { kind: 'tool_call', name: 'get_capacity', arguments: '{"zip":"60601"}' },
        { kind: 'tool_result', result: '{"slots":2}' },
        { kind: 'turn', role: 'Agent', content: 'Yes, two slots are open.' },
        { kind: 'action', text: 'Ended call' },
      ]),
    ).toBe(
      'Customer: Can someone come Tuesday?\nTool call: get_capacity({"zip":"60601"})\nTool result: {"slots":2}\nAgent: Yes, two slots are open.\nAction: Ended call',
    );
  });
});
