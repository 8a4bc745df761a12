/** Texts of the auth screens. Spec texts are verbatim in `en`; `ar` is their Arabic counterpart. */
export const auth = {
  en: {
    fields: {
      name: 'Name',
      charityName: 'Charity name',
      email: 'Email',
      password: 'Password',
      newPasswordHint: 'At least 8 characters.',
      requiredNote: 'Fields marked * are required.',
    },
    signUpDonor: {
      title: 'Donor Sign Up',
      intro: 'Create a donor account to list your surplus food and see which charity collects it.',
      submit: 'Sign Up',
      error: 'Error registering donor. Please try again.',
    },
    signUpCharity: {
      title: 'Charity Sign Up',
      intro: 'Register your charity to browse the food available for donation and request pickups.',
      submit: 'Sign Up',
      error: 'Error registering charity. Please try again.',
      charityId: 'Your Charity ID: {{id}}',
      charityIdExplained: 'Your charity’s public number on Food Link. Donors see your name; quote this number when you write to a donor or to us, so we know which charity you are.',
    },
    login: {
      title: 'Login',
      intro: 'Welcome back. Log in to manage your donations or your pickup requests.',
      submit: 'Login',
      error: 'Error logging in. Please try again.',
    },
    sending: {
      signUp: 'Signing up...',
      login: 'Logging in...',
    },
    links: {
      haveAccount: 'Already have an account?',
      login: 'Login',
      noAccount: "Don't have an account yet?",
      signUpDonor: 'Sign up as a donor',
      signUpCharity: 'Sign up as a charity',
      charityInstead: 'Registering a charity instead?',
      donorInstead: 'Want to donate food instead?',
    },
  },
  ar: {
    fields: {
      name: 'الاسم',
      charityName: 'اسم الجمعية',
      email: 'البريد الإلكتروني',
      password: 'كلمة المرور',
      newPasswordHint: 'ثمانية أحرف على الأقل.',
      requiredNote: 'الحقول المميزة بعلامة * مطلوبة.',
    },
    signUpDonor: {
      title: 'تسجيل متبرع جديد',
      intro: 'أنشئ حساب متبرع لتضيف فائض طعامك وتعرف الجمعية التي ستستلمه.',
      submit: 'إنشاء الحساب',
      error: 'حدث خطأ أثناء تسجيل المتبرع. يُرجى المحاولة مرة أخرى.',
    },
    signUpCharity: {
      title: 'تسجيل جمعية خيرية',
      intro: 'سجّل جمعيتك لتتصفح الطعام المتاح للتبرع وتطلب استلامه.',
      submit: 'إنشاء الحساب',
      error: 'حدث خطأ أثناء تسجيل الجمعية. يُرجى المحاولة مرة أخرى.',
      charityId: 'رقم تعريف جمعيتك: {{id}}',
      charityIdExplained: 'رقم جمعيتك العام في فود لينك. يرى المتبرعون اسم جمعيتك؛ اذكر هذا الرقم عندما تراسل متبرعًا أو تراسلنا، لنعرف أي جمعية أنت.',
    },
    login: {
      title: 'تسجيل الدخول',
      intro: 'مرحبًا بعودتك. سجّل الدخول لإدارة تبرعاتك أو طلبات الاستلام الخاصة بك.',
      submit: 'تسجيل الدخول',
      error: 'حدث خطأ أثناء تسجيل الدخول. يُرجى المحاولة مرة أخرى.',
    },
    sending: {
      signUp: 'جارٍ إنشاء الحساب...',
      login: 'جارٍ تسجيل الدخول...',
    },
    links: {
      haveAccount: 'لديك حساب بالفعل؟',
      login: 'تسجيل الدخول',
      noAccount: 'ليس لديك حساب بعد؟',
      signUpDonor: 'سجّل بصفتك متبرعًا',
      signUpCharity: 'سجّل بصفتك جمعية خيرية',
      charityInstead: 'هل تريد تسجيل جمعية خيرية؟',
      donorInstead: 'هل تريد التبرع بالطعام؟',
    },
  },
};
