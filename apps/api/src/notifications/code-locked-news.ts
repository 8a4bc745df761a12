/**
 * The donor's notice that someone entered LIMITS.pickupCodeTries wrong pickup codes for a claim on one of
 * its listings (English then Arabic, like the other account notices): which listing, what it means, and
 * what to do at the door.
 */
export function codeLockedNews(foodId: number, wrongCodes: number): string {
  const en =
    `${wrongCodes} wrong pickup codes were entered for the claim on your listing #${foodId}, so codes are no longer accepted for it. ` +
    'If the charity is at the door, check who they are and mark it donated without a code; if you did not enter them, tell the Food Link operators';
  const ar =
    `أُدخل ${wrongCodes} رموز استلام خاطئة لحجز تبرعكم رقم ${foodId}، فلم تعد الرموز مقبولة له. ` +
    'إذا كانت الجمعية عند الباب فتحققوا منها وسجّلوا التسليم دون رمز، وإن لم تكونوا أنتم من أدخلها فأبلغوا مشرفي فود لينك';
  return `${en}. — ${ar}.`;
}
