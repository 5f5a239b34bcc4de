/* The parts of s3rver (which ships no types) the tests' S3 server uses. */
declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string }>;
  }

  // CommonJS (`module.exports = S3rver`): Node hands it over as the default import.
  class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
  export = S3rver;
}
