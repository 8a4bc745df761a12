/**
 * Texts of the contact, privacy, terms and food-safety pages. They ship with those pages' chunk, not
 * with the landing page. Each page is a title, an introduction and sections of paragraphs.
 */
export const CONTACT_EMAIL = 'support@foodlink.eg';

export const info = {
  en: {
    contact: {
      title: 'Contact us',
      intro: 'Questions about a donation, a pickup or your account? Write to us and a person from the Food Link team will answer.',
      sections: [
        { heading: 'E-mail', paragraphs: ['Write to {{email}}. Tell us whether you are a donor or a charity, and the e-mail address of your account.'] },
        {
          heading: 'A problem with a pickup',
          paragraphs: [
            'Each claimed donation shows the other side’s name and e-mail address: the donor on the charity’s request, the charity on the donor’s card. Arranging the handover directly is usually fastest.',
            'If food you received looks or smells unsafe, do not hand it out. Tell us at {{email}} with “Food safety” in the subject, and we will follow it up with the donor.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Privacy',
      intro: 'Food Link keeps only what it needs to put surplus food in the hands of charities, and shows it only to the people a donation concerns.',
      sections: [
        {
          heading: 'What we keep',
          paragraphs: [
            'Your account: your name (or your charity’s), your e-mail address and your password, which is stored only as a secure hash that nobody can read back.',
            'What you do on Food Link: the food you list, the pickups you request, cancel or complete, and when.',
          ],
        },
        {
          heading: 'Who sees it',
          paragraphs: [
            'When a charity claims your food, you see its name and e-mail address, and it sees yours, so that you can arrange the handover. No one else sees them.',
            'The food you list (name, quantity, description and expiration date) is shown to every charity while it is available. The totals on the home page count meals and charities, never people.',
            'We do not sell your data, and Food Link carries no advertising or tracking.',
          ],
        },
        {
          heading: 'On your device',
          paragraphs: ['Your browser keeps your session, your name and your language choice so that you stay signed in. Logging out removes all of it except the language.'],
        },
        {
          heading: 'Your data, your choice',
          paragraphs: [
            'You can download your data and delete your account from your dashboard. Deleting the account removes your name, e-mail address and password; donations already completed stay in the totals without them.',
            'For any other question about your data, write to {{email}}.',
          ],
        },
      ],
    },
    terms: {
      title: 'Terms of use',
      intro: 'Food Link connects people who have surplus food with charities that feed people in need. By using it you agree to these terms.',
      sections: [
        {
          heading: 'Donors',
          paragraphs: [
            'List only food that is safe to eat, described truthfully (including what it contains) and within its expiration date, and follow our food-safety guidance.',
            'Mark a donation completed only once the charity has collected it.',
          ],
        },
        {
          heading: 'Charities',
          paragraphs: [
            'Request only food you can collect and hand out before its expiration date. If your plans change, cancel the request at once, so that the food goes back to other charities.',
            'Check food when you collect it, and do not distribute anything that seems unsafe.',
          ],
        },
        {
          heading: 'Food Link’s part',
          paragraphs: [
            'Food Link puts donors and charities in touch; the handover is between them, and each is responsible for handling the food safely and lawfully.',
            'Keep your password to yourself. We may suspend an account that lists unsafe food, claims food it does not collect, or misuses the service in another way.',
          ],
        },
      ],
    },
    foodSafety: {
      title: 'Food-safety guidance',
      intro: 'Surplus food helps only if it is safe. Donors and charities alike should follow these rules, based on the World Health Organization’s Five Keys to Safer Food.',
      sections: [
        {
          heading: 'Before you list food',
          paragraphs: [
            'List food that is within its expiration date, has been kept clean and covered, and has not been served to anyone.',
            'Keep cold food cold (5 °C or below) and hot food hot (60 °C or above). Cooked food should not stand at room temperature for more than two hours.',
            'Say what the food contains in its description, including common allergens such as nuts, milk, eggs, wheat, fish and sesame.',
          ],
        },
        {
          heading: 'When you collect and hand out food',
          paragraphs: [
            'Bring clean, closed containers and keep raw and cooked food apart. Keep chilled food cool on the way.',
            'Check the food on collection: if it looks, smells or feels wrong, or its packaging is damaged, do not take it.',
            'Hand food out before its expiration date, reheat cooked food until it is steaming hot, and tell us about any problem.',
          ],
        },
        {
          heading: 'Sources',
          paragraphs: ['World Health Organization, Five Keys to Safer Food. Egypt’s National Food Safety Authority (NFSA) sets the rules for food businesses in Egypt.'],
        },
      ],
    },
  },
  ar: {
    contact: {
      title: 'تواصل معنا',
      intro: 'لديك سؤال عن تبرع أو استلام أو حسابك؟ راسلنا وسيردّ عليك أحد أعضاء فريق فود لينك.',
      sections: [
        { heading: 'البريد الإلكتروني', paragraphs: ['راسلنا على {{email}}. أخبرنا إن كنت متبرعًا أو جمعية خيرية، واذكر البريد الإلكتروني لحسابك.'] },
        {
          heading: 'مشكلة في الاستلام',
          paragraphs: [
            'يظهر في كل تبرع محجوز اسم الطرف الآخر وبريده الإلكتروني: المتبرع في طلب الجمعية، والجمعية في بطاقة المتبرع. الاتفاق المباشر على التسليم هو الأسرع عادةً.',
            'إذا بدا الطعام الذي استلمته غير آمن في شكله أو رائحته فلا توزّعه. أخبرنا على {{email}} واكتب «سلامة الغذاء» في الموضوع، وسنتابع الأمر مع المتبرع.',
          ],
        },
      ],
    },
    privacy: {
      title: 'الخصوصية',
      intro: 'لا تحتفظ فود لينك إلا بما تحتاجه لإيصال فائض الطعام إلى الجمعيات الخيرية، ولا تعرضه إلا على من يعنيهم التبرع.',
      sections: [
        {
          heading: 'ما نحتفظ به',
          paragraphs: [
            'حسابك: اسمك (أو اسم جمعيتك) وبريدك الإلكتروني وكلمة مرورك، التي لا تُحفظ إلا في صورة مشفّرة لا يمكن لأحد قراءتها.',
            'ما تفعله على فود لينك: الطعام الذي تعرضه، وطلبات الاستلام التي تقدّمها أو تلغيها أو تتمّها، ومتى كان ذلك.',
          ],
        },
        {
          heading: 'من يرى بياناتك',
          paragraphs: [
            'عندما تطلب جمعية طعامك ترى أنت اسمها وبريدها الإلكتروني وترى هي اسمك وبريدك، لتتفقا على التسليم. ولا يراهما أحد غيركما.',
            'يظهر الطعام الذي تعرضه (الاسم والكمية والوصف وتاريخ انتهاء الصلاحية) لكل الجمعيات ما دام متاحًا. وأرقام الصفحة الرئيسية تعدّ الوجبات والجمعيات، لا الأشخاص.',
            'لا نبيع بياناتك، ولا توجد في فود لينك إعلانات ولا أدوات تتبّع.',
          ],
        },
        {
          heading: 'على جهازك',
          paragraphs: ['يحتفظ متصفحك بجلستك واسمك واختيار اللغة لتبقى مسجّلًا. تسجيل الخروج يحذفها كلها ما عدا اللغة.'],
        },
        {
          heading: 'بياناتك واختيارك',
          paragraphs: [
            'يمكنك تنزيل بياناتك وحذف حسابك من لوحتك. حذف الحساب يزيل اسمك وبريدك الإلكتروني وكلمة مرورك؛ وتبقى التبرعات المكتملة في الأرقام الإجمالية من دونها.',
            'لأي سؤال آخر عن بياناتك راسلنا على {{email}}.',
          ],
        },
      ],
    },
    terms: {
      title: 'شروط الاستخدام',
      intro: 'تربط فود لينك من لديهم فائض من الطعام بالجمعيات الخيرية التي تطعم المحتاجين. باستخدامها توافق على هذه الشروط.',
      sections: [
        {
          heading: 'المتبرعون',
          paragraphs: [
            'اعرض فقط طعامًا آمنًا للأكل، موصوفًا بصدق (بما في ذلك مكوناته)، وقبل تاريخ انتهاء صلاحيته، واتبع إرشادات سلامة الغذاء لدينا.',
            'لا تسجّل التبرع مكتملًا إلا بعد أن تستلمه الجمعية.',
          ],
        },
        {
          heading: 'الجمعيات الخيرية',
          paragraphs: [
            'اطلب فقط الطعام الذي تستطيع استلامه وتوزيعه قبل تاريخ انتهاء صلاحيته. وإذا تغيّرت خططك فألغِ الطلب فورًا ليعود الطعام إلى الجمعيات الأخرى.',
            'افحص الطعام عند استلامه، ولا توزّع أي شيء يبدو غير آمن.',
          ],
        },
        {
          heading: 'دور فود لينك',
          paragraphs: [
            'تصل فود لينك بين المتبرعين والجمعيات؛ أما التسليم فيتم بينهما، وكلٌّ منهما مسؤول عن التعامل مع الطعام بأمان ووفق القانون.',
            'احتفظ بكلمة مرورك لنفسك. قد نوقف حسابًا يعرض طعامًا غير آمن، أو يطلب طعامًا لا يستلمه، أو يسيء استخدام الخدمة بأي شكل آخر.',
          ],
        },
      ],
    },
    foodSafety: {
      title: 'إرشادات سلامة الغذاء',
      intro: 'لا ينفع فائض الطعام إلا إذا كان آمنًا. على المتبرعين والجمعيات اتباع هذه القواعد، المبنية على «المفاتيح الخمسة لأغذية أكثر أمانًا» من منظمة الصحة العالمية.',
      sections: [
        {
          heading: 'قبل أن تعرض الطعام',
          paragraphs: [
            'اعرض طعامًا لم تنتهِ صلاحيته، وحُفظ نظيفًا ومغطى، ولم يُقدَّم لأحد.',
            'احفظ الطعام البارد باردًا (٥ درجات مئوية أو أقل) والساخن ساخنًا (٦٠ درجة مئوية أو أكثر). ولا يُترك الطعام المطهو في حرارة الغرفة أكثر من ساعتين.',
            'اذكر في الوصف مكونات الطعام، ومنها مسببات الحساسية الشائعة مثل المكسرات والحليب والبيض والقمح والسمك والسمسم.',
          ],
        },
        {
          heading: 'عند استلام الطعام وتوزيعه',
          paragraphs: [
            'أحضر أوعية نظيفة مغلقة، وافصل الطعام النيء عن المطهو، وحافظ على برودة الطعام المبرّد في الطريق.',
            'افحص الطعام عند الاستلام: إذا بدا شكله أو رائحته أو ملمسه غير سليم، أو كانت عبوته تالفة، فلا تأخذه.',
            'وزّع الطعام قبل تاريخ انتهاء صلاحيته، وأعد تسخين الطعام المطهو حتى يتصاعد منه البخار، وأخبرنا بأي مشكلة.',
          ],
        },
        {
          heading: 'المصادر',
          paragraphs: ['منظمة الصحة العالمية، «المفاتيح الخمسة لأغذية أكثر أمانًا». وتضع الهيئة القومية لسلامة الغذاء في مصر قواعد منشآت الغذاء فيها.'],
        },
      ],
    },
  },
};

export type InfoPageName = keyof (typeof info)['en'];
