import { ERRORS } from '@food-link/contracts';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { checkPdf } from './pdf-documents';

/** A PDF written by hand, its catalog carrying `catalogExtra` and any `objects` after the page tree. */
function handPdf(catalogExtra = '', objects: string[] = [], before = ''): Buffer {
  const body = [
    `1 0 obj << /Type /Catalog /Pages 2 0 R ${catalogExtra} >> endobj`,
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    ...objects.map((object, at) => `${at + 3} 0 obj ${object} endobj`),
  ].join('\n');
  return Buffer.from(`${before}%PDF-1.4\n${body}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** A real one-page PDF from pdfkit (the library the API writes its reports with). */
function pdfkitPdf(options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const document = new PDFKit(options);
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.text('Ministry of Social Solidarity registration 1234/2019');
    document.end();
  });
}

const refusedWith = (message: string) => expect.objectContaining({ response: expect.objectContaining({ message: [message] }) });

describe('checkPdf', () => {
  it('keeps a plain PDF: a real one from pdfkit, and a hand-written catalog', async () => {
    await expect(checkPdf(await pdfkitPdf())).resolves.toBeUndefined();
    await expect(checkPdf(handPdf())).resolves.toBeUndefined();
  });

  it('refuses bytes that only look like a PDF (a header, no catalog) as not a PDF', async () => {
    await expect(checkPdf(Buffer.from('%PDF-1.4\n<< just some words >>\n%%EOF\n', 'latin1'))).rejects.toThrow(refusedWith(ERRORS.documentNotAccepted));
    await expect(checkPdf(handPdf('', ['<< /Broken [ 1 2 ']))).rejects.toThrow(refusedWith(ERRORS.documentNotAccepted));
  });

  it('refuses JavaScript, actions, launches, attachments, multimedia and XFA, however the name is spelt', async () => {
    const active = [
      handPdf('/OpenAction 3 0 R', ['<< /S /JavaScript /JS (app.alert(1)) >>']),
      handPdf('/Names << /JavaScript 3 0 R >>', ['<< /Names [(a) 4 0 R] >>']),
      handPdf('/AA << /O 3 0 R >>', ['<< /S /Launch /F (calc.exe) >>']),
      handPdf('/Names << /EmbeddedFiles 3 0 R >>', ['<< /Names [] >>']),
      handPdf('/AcroForm << /Fields [] /XFA 3 0 R >>', ['<< /Length 0 >> stream\n\nendstream']),
      handPdf('', ['<< /Type /Annot /Subtype /RichMedia >>']),
      // #xx escapes, upper and lower case: /JavaScript and /JS to a PDF reader.
      handPdf('/OpenAction 3 0 R', ['<< /S /J#61vaScript /#4a#53 (app.alert(1)) >>']),
      handPdf('/OpenAction 3 0 R', ['<< /S /#4a#61vaScript /#4a#53 (app.alert(1)) >>']),
      handPdf('/OpenAction 3 0 R', ['<< /S /Java#73cript >>']),
    ];
    for (const pdf of active) await expect(checkPdf(pdf)).rejects.toThrow(refusedWith(ERRORS.documentActiveContent));
  });

  it('finds active content hidden in a compressed object stream', async () => {
    const document = await PDFDocument.create();
    document.addPage();
    document.catalog.set(PDFName.of('OpenAction'), document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const pdf = Buffer.from(await document.save({ useObjectStreams: true }));
    expect(pdf.toString('latin1')).not.toContain('/JavaScript');
    await expect(checkPdf(pdf)).rejects.toThrow(refusedWith(ERRORS.documentActiveContent));
  });

  it('refuses an HTML polyglot: markup in a comment or after the end', async () => {
    const inComment = handPdf().toString('latin1').replace('%PDF-1.4\n', '%PDF-1.4\n%<html><body><script>alert(document.cookie)</script>\n');
    await expect(checkPdf(Buffer.from(inComment, 'latin1'))).rejects.toThrow(refusedWith(ERRORS.documentActiveContent));
    const after = Buffer.concat([handPdf(), Buffer.from('<SCRIPT src=//evil.example/x.js></SCRIPT>\n%%EOF\n')]);
    await expect(checkPdf(after)).rejects.toThrow(refusedWith(ERRORS.documentActiveContent));
  });

  it('refuses an encrypted PDF, whose objects cannot be checked', async () => {
    const encrypted = await pdfkitPdf({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
    await expect(checkPdf(encrypted)).rejects.toThrow(refusedWith(ERRORS.documentEncrypted));
  });
});
