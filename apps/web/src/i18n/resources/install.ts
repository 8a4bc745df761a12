/**
 * Texts of "Get the app" beyond the browser's own prompt (the landing page's banner). A chunk of its own,
 * loaded when the banner first needs one, not with the landing page.
 */
export const install = {
  en: {
    ios: 'On an iPhone or iPad: tap the Share button in Safari, then “Add to Home Screen”.',
    manual: 'Open your browser’s menu and choose “Install app” or “Add to Home screen”.',
    dismissed: 'No problem: you can install Food Link later from your browser’s menu.',
    installed: 'Food Link is installed on this device: open it from your home screen.',
  },
  ar: {
    ios: 'على الآيفون أو الآيباد: اضغط زر المشاركة في سفاري، ثم «إضافة إلى الشاشة الرئيسية».',
    manual: 'افتح قائمة المتصفح واختر «تثبيت التطبيق» أو «إضافة إلى الشاشة الرئيسية».',
    dismissed: 'لا بأس: يمكنك تثبيت فود لينك لاحقًا من قائمة المتصفح.',
    installed: 'فود لينك مثبّت على هذا الجهاز: افتحه من شاشتك الرئيسية.',
  },
};
