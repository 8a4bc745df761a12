import { BadRequestException } from '@nestjs/common';
import { ERRORS } from '@food-link/contracts';
import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';

/**
 * Names that make a PDF do something when opened or clicked, rather than show pages: scripts (`/JavaScript`,
 * `/JS`), actions run on opening or on events (`/OpenAction`, `/AA`), programs and other files
 * (`/Launch`, `/GoToE`, `/EmbeddedFile`, `/EmbeddedFiles`), multimedia (`/RichMedia`, `/Rendition`), forms
 * that post or import data (`/SubmitForm`, `/ImportData`) and XFA forms (`/XFA`). A registration
 * certificate needs none of them.
 */
export const ACTIVE_PDF_NAMES: readonly string[] = [
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'Rendition',
  'SubmitForm',
  'ImportData',
  'XFA',
];

const ACTIVE = new Set(ACTIVE_PDF_NAMES);

/**
 * A name as a PDF reader spells it: `#xx` escapes decoded in either case. pdf-lib decodes upper-case ones
 * only (`/#4a#53` is `/JS` to it, `/#4a#73`… not), so its text is decoded once more here.
 */
function readerName(name: PDFName): string {
  return name.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * HTML in a PDF's bytes: the other half of a polyglot, a file that is a PDF to a PDF reader and a page with
 * a script to a browser that sniffs it. Tags this specific (case aside) never occur in a genuine PDF's
 * text, and by chance in compressed streams about once in 10^12 bytes.
 */
const HTML_MARKUP = /<(?:!doctype\s|html[\s>]|head[\s>]|body[\s>]|script[\s>]|iframe[\s>]|svg[\s>]|object[\s>]|embed[\s>]|meta[\s>]|base[\s>])/i;

/**
 * Checks a submitted PDF before it is kept (as sent): it must parse with pdf-lib (every object valid,
 * and a `/Catalog` as its root) or it is refused (400 documentNotAccepted); an encrypted one is refused
 * (documentEncrypted: its objects cannot be checked); one whose objects name active content anywhere
 * (the names of ACTIVE_PDF_NAMES as keys or values, however spelt: `/J#61vaScript` is `/JavaScript`),
 * or whose bytes carry HTML (a polyglot), is refused (documentActiveContent). pdf-lib reads object
 * streams and every revision of an incrementally updated file, so names are not hidden by compression
 * or by a later revision. Served documents are downloads, never pages (verification.controller.ts).
 */
export async function checkPdf(data: Buffer): Promise<void> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(data, { throwOnInvalidObject: true, updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError || (await isEncrypted(data))) throw new BadRequestException([ERRORS.documentEncrypted]);
    throw new BadRequestException([ERRORS.documentNotAccepted]);
  }
  const { trailerInfo } = document.context;
  if (trailerInfo.Encrypt) throw new BadRequestException([ERRORS.documentEncrypted]);
  const root = trailerInfo.Root ? document.context.lookup(trailerInfo.Root) : undefined;
  if (!(root instanceof PDFDict) || root.get(PDFName.of('Type')) !== PDFName.of('Catalog')) {
    throw new BadRequestException([ERRORS.documentNotAccepted]);
  }
  if (HTML_MARKUP.test(data.toString('latin1'))) throw new BadRequestException([ERRORS.documentActiveContent]);
  const objects: PDFObject[] = document.context.enumerateIndirectObjects().map(([, object]) => object);
  for (const object of [...objects, root, trailerInfo.Info].filter((object): object is PDFObject => object !== undefined)) {
    if (namesActiveContent(object)) throw new BadRequestException([ERRORS.documentActiveContent]);
  }
}

/** Whether a PDF that did not parse strictly is encrypted (its encrypted strings can make objects look invalid). */
async function isEncrypted(data: Buffer): Promise<boolean> {
  try {
    const lenient = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
    return lenient.isEncrypted || lenient.context.trailerInfo.Encrypt !== undefined;
  } catch {
    return false;
  }
}

/** True when `object` or anything inside it (dictionary keys and values, array items, a stream's dictionary) is an active name. */
function namesActiveContent(object: PDFObject): boolean {
  const pending: PDFObject[] = [object];
  while (pending.length > 0) {
    const next = pending.pop() as PDFObject;
    if (next instanceof PDFName) {
      if (ACTIVE.has(readerName(next))) return true;
    } else if (next instanceof PDFDict) {
      for (const [key, value] of next.entries()) pending.push(key, value);
    } else if (next instanceof PDFArray) {
      pending.push(...next.asArray());
    } else if (next instanceof PDFStream) {
      pending.push(next.dict);
    }
  }
  return false;
}
