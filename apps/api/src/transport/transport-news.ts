/**
 * The notices of transport (issue 28), English then Arabic like the other account notices: the message for
 * e-mail, push and WhatsApp or SMS; the web words each from its parts (`action`, `foodName`) in the reader's
 * language (apps/web i18n, `notificationText.news`).
 */
export type TransportNews = 'transport_offered' | 'transport_expired' | 'transport_returned' | 'transport_delivered';

export function transportNews(action: TransportNews, foodName: string, note: string | null = null): string {
  const [en, ar] = {
    transport_offered: [
      `Can you collect “${foodName}”? Your charity offers this pickup to its volunteers: the first to accept it goes. Open My trips in Food Link to accept or decline${note ? ` (note: ${note})` : ''}`,
      `هل يمكنك استلام «${foodName}»؟ تعرض جمعيتك هذا الاستلام على متطوعيها، ويذهب أول من يقبله. افتح رحلاتي في فود لينك للقبول أو الاعتذار${note ? ` (ملاحظة: ${note})` : ''}`,
    ],
    transport_expired: [
      `No volunteer accepted the pickup of “${foodName}” in time: assign it to someone, or collect it yourselves`,
      `لم يقبل أي متطوع استلام «${foodName}» في الوقت المحدد: أسندوه إلى أحد، أو استلموه بأنفسكم`,
    ],
    transport_returned: [
      `The volunteer gave back the pickup of “${foodName}”: it needs someone else to collect it`,
      `أعاد المتطوع استلام «${foodName}»: يحتاج إلى من يستلمه غيره`,
    ],
    transport_delivered: [
      `The volunteer delivered “${foodName}” to the charity: please report what was received`,
      `سلّم المتطوع «${foodName}» إلى الجمعية: يرجى تسجيل ما تم استلامه`,
    ],
  }[action];
  return `${en}. — ${ar}.`;
}
