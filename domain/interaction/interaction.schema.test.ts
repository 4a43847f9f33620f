import { CALL_STATUS_FOR_CALL_TYPE, CALL_TYPES, CallStatusSchema, parseTranscriptLine, speakerOf } from './interaction.schema';

describe('transcript line (spec 000 §3)', () => {
  it('parses "role: text" and mm:ss into {role, message, timestamp, seconds}', () => {
    expect(parseTranscriptLine({ message: 'agent: Thanks for calling, how can I help?', ts: '01:05' })).toEqual({
      role: 'agent',
      message: 'Thanks for calling, how can I help?',
      timestamp: '01:05',
      seconds: 65,
    });
  });

  it('keeps colons inside the text and counts minutes past an hour', () => {
    expect(parseTranscriptLine({ message: 'user: It starts at 8:30: is that ok?', ts: '75:10' })).toMatchObject({
      role: 'user',
      message: 'It starts at 8:30: is that ok?',
      seconds: 75 * 60 + 10,
    });
  });

  it('marks a line without a role as Unknown and pads the minutes', () => {
    expect(parseTranscriptLine({ message: '10:30 works for me', ts: '3:07' })).toEqual({
      role: 'Unknown',
      message: '10:30 works for me',
      timestamp: '03:07',
      seconds: 187,
    });
  });

  it('rejects a timestamp that is not mm:ss', () => {
    expect(() => parseTranscriptLine({ message: 'user: hi', ts: '1:75' })).toThrow('mm:ss');
    expect(() => parseTranscriptLine({ message: 'user: hi', ts: 'soon' })).toThrow('mm:ss');
  });

  it('reads provider role names as the two sides of the call', () => {
    expect(['agent', 'assistant', 'Agent'].map(speakerOf)).toEqual(['agent', 'agent', 'agent']);
    expect(['user', 'Customer', 'caller'].map(speakerOf)).toEqual(['customer', 'customer', 'customer']);
    expect(speakerOf('IVR')).toBe('ivr');
    expect(speakerOf('Unknown')).toBe('unknown');
  });

  it('gives every call type a §4 call_status', () => {
    for (const type of CALL_TYPES) expect(CallStatusSchema.safeParse(CALL_STATUS_FOR_CALL_TYPE[type]).success).toBe(true);
    expect(CALL_STATUS_FOR_CALL_TYPE.Booked).toBe('BOOKED');
    expect(CALL_STATUS_FOR_CALL_TYPE.Excused).toBe('EXCUSED');
  });
});
