/**
 * s3rver in a process of its own, for helpers/s3rver.ts: `node --openssl-legacy-provider
 * s3rver-process.mjs '{"directory":…,"bucket":…}'`. The flag is why it is a process: s3rver
 * seals ListObjectsV2 continuation tokens with DES, which the OpenSSL 3 of Node 17 and later
 * offers only through its legacy provider, so every listing of more than one page failed inside
 * the test process ('digital envelope routines::unsupported', answered as InternalError).
 *
 * Prints `{"port":N}` on one line once it listens on a free port of 127.0.0.1, and stops when
 * its standard input closes: when the parent asks, or when the parent dies.
 */
import S3rver from 's3rver';

const { directory, bucket } = JSON.parse(process.argv[2] ?? '{}');
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.close().finally(() => process.exit(0));
});
