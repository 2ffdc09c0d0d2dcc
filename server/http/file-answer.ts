/**
 * A file sent as the answer of a `download` call instead of the envelope: the body streams while
 * it is built, so a large table never sits whole in memory. Only success is a file; a refusal
 * before it (access, input) is the usual envelope.
 */
export class FileAnswer {
  constructor(
    readonly args: {
      /** ASCII only: it goes into Content-Disposition as it is. */
      fileName: string;
      contentType: string;
      body: ReadableStream<Uint8Array>;
    },
  ) {}
}
