import { awsUriEncode, canonicalRequest, presignUrl, signature } from './sigv4';

// AWS's documented example: "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)", S3 API
// Reference, a presigned GET of examplebucket/test.txt valid for 86400 s from 20130524T000000Z, with AWS's example
// credentials. AWS gives the canonical request, the string to sign's hash of it and the signature below.
const AWS_EXAMPLE = {
  credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  region: 'us-east-1',
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('SigV4 query signing', () => {
  it("reproduces AWS's documented presigned URL example", () => {
    const url = presignUrl({ method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), expiresInSeconds: 86400, ...AWS_EXAMPLE });
    expect(url.toString()).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt' +
        '?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z' +
        '&X-Amz-Expires=86400' +
        '&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it("builds AWS's documented canonical request for that example", () => {
    const { text } = canonicalRequest({
      method: 'GET',
      encodedPath: '/test.txt',
      query: [
        ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
        ['X-Amz-Credential', 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request'],
        ['X-Amz-Date', '20130524T000000Z'],
        ['X-Amz-Expires', '86400'],
        ['X-Amz-SignedHeaders', 'host'],
      ],
      headers: { Host: 'examplebucket.s3.amazonaws.com' },
    });
    expect(text).toBe(
      [
        'GET',
        '/test.txt',
        'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host',
        'host:examplebucket.s3.amazonaws.com',
        '',
        'host',
        'UNSIGNED-PAYLOAD',
      ].join('\n'),
    );
    expect(signature(AWS_EXAMPLE.credentials.secretAccessKey, '20130524T000000Z', 'us-east-1', 's3', text)).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('signs a PUT with its content type, so another type or a changed expiry no longer matches', () => {
    const put = (contentType: string, expires = 600) =>
      presignUrl({
        method: 'PUT',
        url: new URL('http://127.0.0.1:9000/bucket/widgets/a/logo.png'),
        expiresInSeconds: expires,
        signedHeaders: { 'content-type': contentType },
        ...AWS_EXAMPLE,
      });
    const png = put('image/png');
    expect(png.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(png.searchParams.get('X-Amz-Signature')).not.toBe(put('image/jpeg').searchParams.get('X-Amz-Signature'));
    expect(png.searchParams.get('X-Amz-Signature')).not.toBe(put('image/png', 601).searchParams.get('X-Amz-Signature'));
    expect(() => put('image/png', 604_801)).toThrow(/604800/);
  });

  it('encodes as SigV4 wants: everything but unreserved characters, slashes kept in paths', () => {
    expect(awsUriEncode("a b!'()*~._-/é")).toBe('a%20b%21%27%28%29%2A~._-%2F%C3%A9');
    expect(awsUriEncode('widgets/x y.png', true)).toBe('widgets/x%20y.png');
  });
});
