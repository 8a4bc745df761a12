/** Texts of the landing screens. Spec texts are verbatim in `en`; `ar` is their Arabic counterpart. */
export const landing = {
  en: {
    skipToContent: 'Skip to main content',
    hero: {
      eyebrow: 'Surplus food, shared across Egypt',
      title: 'Good food should feed people, not bins',
      lead: 'Food Link connects restaurants, hotels, bakeries, shops and households that have surplus food with the charities that feed families in need, from Alexandria to Aswan.',
      donorCta: 'Sign up as a donor',
      charityCta: 'Sign up as a charity',
      haveAccount: 'Already have an account?',
    },
    mission: {
      body: 'Every day, good food goes to waste in Egypt while many families struggle to put a meal on the table. Food Link makes it simple for anyone with surplus food to hand it to a charity nearby, quickly and safely, so that it feeds people instead of filling landfills.',
      impactTitle: 'Our impact so far',
      staticMeals: '21+',
      staticCharities: '4+',
      mealsLabel: 'meals donated',
      charitiesLabel: 'charities helped',
      liveNote: 'These numbers update live as donations are completed.',
    },
    how: {
      lead: 'Two simple journeys, one goal: no good food wasted.',
      donors: {
        title: 'For donors',
        step1: 'Create your free donor account.',
        step2: 'List your surplus food with its quantity, description and expiration date.',
        step3: 'See which charity claims each item, with its name and email.',
        step4: 'Hand the food over and mark the donation as completed.',
        cta: 'Start donating',
      },
      charities: {
        title: 'For charities',
        step1: 'Register your charity and receive your charity ID.',
        step2: 'Browse the food available for donation right now.',
        step3: 'Request a pickup for the items your community needs.',
        step4: 'Track your requests, or cancel one if plans change.',
        cta: 'Register your charity',
      },
    },
    testimonials: {
      lead: 'What our partners say',
      one: {
        quote:
          'At the end of each day we used to throw away trays of good food. Now a charity in our neighbourhood collects it within hours, and it reaches families the same evening.',
        name: 'Mona',
        role: 'Restaurant owner, Heliopolis, Cairo',
      },
      two: {
        quote:
          'Food Link shows us what is available as soon as it is listed. We request a pickup in a minute, and our volunteers know exactly what to collect and where.',
        name: 'Karim',
        role: 'Volunteer coordinator at a charity, Giza',
      },
    },
    appBanner: {
      title: 'Download the Food Link app',
      body: 'List surplus food or request a pickup from your phone, wherever you are.',
      googlePlay: 'Coming soon on Google Play',
      appStore: 'Coming soon on the App Store',
    },
    facts: {
      lead: 'Food that is thrown away wastes the water, land and energy used to grow it, while millions of people go without.',
      emissions: { figure: '10%', text: 'of greenhouse gas emissions come from food that is lost or wasted' },
      freshwater: { figure: '25%', text: 'of freshwater used in farming goes to food that is never eaten' },
      land: { figure: '11.5%', text: 'of land is farmed to grow food that ends up wasted' },
      money: { figure: '$1.1 trillion', text: 'lost a year to food loss and waste' },
      access: { figure: '2.4 billion', text: 'people without adequate food' },
      hunger: { figure: '783 million', text: 'people go hungry' },
      ctaTitle: 'Be part of the solution',
      donorCta: 'Donate surplus food',
      charityCta: 'Join as a charity',
    },
    footer: {
      tagline: 'Connecting surplus food with the people who need it, across Egypt.',
      explore: 'Explore',
      getStarted: 'Get started',
      rights: '© {{year}} Food Link. All rights reserved.',
    },
  },
  ar: {
    skipToContent: 'انتقل إلى المحتوى الرئيسي',
    hero: {
      eyebrow: 'فائض الطعام يصل إلى مستحقيه في كل أنحاء مصر',
      title: 'الطعام الجيد مكانه موائد الناس، لا صناديق القمامة',
      lead: 'تربط فود لينك المطاعم والفنادق والمخابز والمتاجر والأسر التي لديها فائض من الطعام بالجمعيات الخيرية التي تطعم الأسر المحتاجة، من الإسكندرية إلى أسوان.',
      donorCta: 'سجّل بصفتك متبرعًا',
      charityCta: 'سجّل بصفتك جمعية خيرية',
      haveAccount: 'لديك حساب بالفعل؟',
    },
    mission: {
      body: 'كل يوم يُهدر في مصر طعام صالح للأكل، بينما تكافح أسر كثيرة لتوفير وجبة على موائدها. تُسهّل فود لينك على كل من لديه فائض من الطعام أن يسلّمه إلى جمعية خيرية قريبة بسرعة وأمان، ليُطعم الناس بدلًا من أن ينتهي في مكبّات النفايات.',
      impactTitle: 'أثرنا حتى الآن',
      staticMeals: '٢١+',
      staticCharities: '٤+',
      mealsLabel: 'وجبة تم التبرع بها',
      charitiesLabel: 'جمعية خيرية استفادت',
      liveNote: 'تتحدّث هذه الأرقام مباشرةً مع إتمام كل تبرع.',
    },
    how: {
      lead: 'رحلتان بسيطتان وهدف واحد: ألّا يُهدر أي طعام صالح.',
      donors: {
        title: 'للمتبرعين',
        step1: 'أنشئ حساب متبرع مجانًا.',
        step2: 'أضف فائض الطعام مع كميته ووصفه وتاريخ انتهاء صلاحيته.',
        step3: 'اعرف الجمعية التي طلبت كل صنف، باسمها وبريدها الإلكتروني.',
        step4: 'سلّم الطعام وأكّد إتمام التبرع.',
        cta: 'ابدأ التبرع',
      },
      charities: {
        title: 'للجمعيات الخيرية',
        step1: 'سجّل جمعيتك واحصل على رقم تعريف الجمعية.',
        step2: 'تصفّح الطعام المتاح للتبرع الآن.',
        step3: 'اطلب استلام الأصناف التي يحتاجها مجتمعك.',
        step4: 'تابع طلباتك، أو ألغِ أيًّا منها إذا تغيّرت خططك.',
        cta: 'سجّل جمعيتك',
      },
    },
    testimonials: {
      lead: 'ماذا يقول شركاؤنا',
      one: {
        quote:
          'كنا نتخلّص في نهاية كل يوم من صوانٍ من الطعام الجيد. أما الآن فتستلمه جمعية خيرية في حيّنا خلال ساعات، ويصل إلى الأسر في المساء نفسه.',
        name: 'منى',
        role: 'صاحبة مطعم، مصر الجديدة، القاهرة',
      },
      two: {
        quote:
          'يعرض لنا فود لينك الطعام المتاح لحظة إضافته. نطلب الاستلام في دقيقة، ويعرف متطوعونا بالضبط ماذا سيستلمون ومن أين.',
        name: 'كريم',
        role: 'منسّق المتطوعين في جمعية خيرية، الجيزة',
      },
    },
    appBanner: {
      title: 'حمّل تطبيق فود لينك',
      body: 'أضف فائض الطعام أو اطلب الاستلام من هاتفك، أينما كنت.',
      googlePlay: 'قريبًا على Google Play',
      appStore: 'قريبًا على App Store',
    },
    facts: {
      lead: 'الطعام الذي يُلقى في القمامة يُهدر معه الماء والأرض والطاقة التي استُخدمت لإنتاجه، بينما يعيش الملايين دون ما يكفيهم.',
      emissions: { figure: '١٠٪', text: 'من انبعاثات غازات الاحتباس الحراري مصدرها الطعام المفقود أو المهدر' },
      freshwater: { figure: '٢٥٪', text: 'من المياه العذبة المستخدمة في الزراعة تذهب إلى طعام لا يؤكل أبدًا' },
      land: { figure: '١١٫٥٪', text: 'من الأراضي تُزرع لإنتاج طعام ينتهي به الأمر إلى الهدر' },
      money: { figure: '١٫١ تريليون دولار', text: 'تُفقد كل عام بسبب فقد الطعام وهدره' },
      access: { figure: '٢٫٤ مليار', text: 'شخص لا يحصلون على غذاء كافٍ' },
      hunger: { figure: '٧٨٣ مليون', text: 'شخص يعانون الجوع' },
      ctaTitle: 'كن جزءًا من الحل',
      donorCta: 'تبرّع بفائض الطعام',
      charityCta: 'انضم بصفتك جمعية خيرية',
    },
    footer: {
      tagline: 'نربط فائض الطعام بمن يحتاجونه في كل أنحاء مصر.',
      explore: 'استكشف',
      getStarted: 'ابدأ الآن',
      rights: '© {{year}} فود لينك. جميع الحقوق محفوظة.',
    },
  },
};
