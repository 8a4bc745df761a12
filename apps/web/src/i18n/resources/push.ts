/**
 * Texts of Web Push on this device (docs/PUSH.md).
 * This namespace is a chunk of its own, loaded when a screen first asks for it (i18n.ts), not with the landing page.
 */
export const push = {
  en: {
    label: 'Notifications on this device',
    help: 'An alert here when food that suits you is listed, even with Food Link closed.',
    on: 'On',
    off: 'Off',
    working: 'One moment…',
    unsupported: 'This browser cannot show notifications. On an iPhone, add Food Link to the Home Screen first.',
    denied: "Notifications are blocked for this site. Allow them in the browser's site settings, then try again.",
    error: 'Notifications could not be changed. Please try again.',
  },
  ar: {
    label: 'الإشعارات على هذا الجهاز',
    help: 'تنبيه هنا عند عرض طعام يناسبك، حتى وفود لينك مغلق.',
    on: 'مفعّلة',
    off: 'متوقفة',
    working: 'لحظة…',
    unsupported: 'هذا المتصفح لا يعرض الإشعارات. على الآيفون، أضف فود لينك إلى الشاشة الرئيسية أولًا.',
    denied: 'الإشعارات محظورة لهذا الموقع. اسمح بها من إعدادات الموقع في المتصفح، ثم حاول مرة أخرى.',
    error: 'تعذّر تغيير الإشعارات. حاول مرة أخرى.',
  },
};
