import PDFDocument from 'pdfkit';

/**
 * A demo charity's "MoSS registration certificate": a one-page PDF made at seed time (pdfkit's built-in
 * Helvetica, so no font is read), marked as demo data all over, so the review queue and the charity's own
 * view have a real PDF to show.
 */
export function demoCertificate(charity: { name: string; moss_number: string; address: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Demo registration certificate: ${charity.name}`, Author: 'Food Link demo data' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(11).fillColor('#b91c1c').text('DEMO DATA: NOT A REAL CERTIFICATE');
  doc.moveDown().fontSize(20).fillColor('#000000').text('Ministry of Social Solidarity');
  doc.fontSize(14).text('Certificate of registration (Law 149/2019)');
  doc.moveDown().fontSize(12);
  doc.text(`Organisation: ${charity.name}`);
  doc.text(`Registration number: ${charity.moss_number}`);
  doc.text(`Registered address: ${charity.address}`);
  doc.end();
  return done;
}
