/**
 * What the API says, the account news and the account's own data, in the reader's language: loaded with
 * the screens that show them (useScreenTexts), not with the landing page. `serverMessages` and
 * `fieldMessages` map the API's English messages (ERRORS and the shapes' field checks of libs/contracts)
 * to Arabic; `news` words an account.news notification from its parts; `account` is the "Your data"
 * section (export and deletion).
 */
export const messages = {
  en: {
    fieldMessages: {
      'should not be empty': 'This field is required',
      'must be a valid e-mail address': 'Enter a valid e-mail address',
      'must be longer than or equal to 8 characters': 'Use at least 8 characters',
      'must not contain NUL characters': 'Remove the invalid characters',
      'must list at least one': 'Choose at least one',
      'must be more than 0': 'Enter a number above 0',
      'must be at most 200': 'Enter at most 200',
      'must be a number': 'Enter a number',
      'is required with base_lat, base_lng and radius_km': 'Give the latitude, longitude and radius together',
    },
    account: {
      heading: 'Your data',
      intro: 'Download everything Food Link keeps about you, or delete your account.',
      download: 'Download my data',
      downloading: 'Preparing your data…',
      downloadError: 'Your data could not be downloaded. Please try again.',
      delete: 'Delete my account',
      deleteWarning:
        'Deleting your account signs you out everywhere, cancels your pending pickup requests, takes your available food off the board and removes your name and e-mail. Past donations stay, anonymised, in the impact totals. This cannot be undone.',
      password: 'Your password, to confirm',
      confirmDelete: 'Delete my account for good',
      keep: 'Keep my account',
      deleting: 'Deleting…',
      deleteError: 'Your account could not be deleted. Please try again.',
    },
    serverMessages: {},
    news: {
      hide: 'An operator hid your listing {{item}} from the board.',
      unhide: 'An operator put your hidden listing {{item}} back on the board.',
      suspend_account: 'An operator suspended your account.',
      reinstate_account: 'Your account is reinstated; you may sign in again.',
      submit: 'Your verification was submitted.',
      verify: 'Your charity is verified: you may now hold up to {{limit}} claims and be chosen as a partner.',
      reject: 'Your verification was not accepted. Correct it and submit again.',
      suspend: 'Your charity is suspended and cannot claim food.',
      reinstate: 'Your charity is reinstated and may claim food again.',
      auto_suspend: 'Claiming is suspended for {{suspendDays}} days after {{noShows}} no-shows in {{withinDays}} days, until an operator reviews it.',
      charity_suspended: "The claim on your listing “{{name}}” ({{item}}) was cancelled because the charity's account was suspended by an operator; the food is back on the board if it is still safe.",
      donor_suspended: "Your claim on “{{name}}” ({{item}}) was cancelled because the donor's account was suspended by an operator; do not go to collect it.",
      overturn_no_show: 'An operator overturned a no-show of your charity: it no longer counts against it.',
      code_locked:
        '{{tries}} wrong pickup codes were entered for the claim on your listing {{item}}, so codes are no longer accepted for it. If the charity is at the door, check who they are and mark it donated without a code; if you did not enter them, tell the Food Link operators.',
      reason: 'Reason: {{reason}}',
    },
  },
  ar: {
    fieldMessages: {
      'should not be empty': 'هذا الحقل مطلوب',
      'must be a valid e-mail address': 'أدخل بريدًا إلكترونيًا صحيحًا',
      'must be longer than or equal to 8 characters': 'استخدم ٨ أحرف على الأقل',
      'must not contain NUL characters': 'احذف الأحرف غير الصالحة',
      'must list at least one': 'اختر واحدًا على الأقل',
      'must be more than 0': 'أدخل رقمًا أكبر من صفر',
      'must be at most 200': 'أدخل ٢٠٠ على الأكثر',
      'must be a number': 'أدخل رقمًا',
      'is required with base_lat, base_lng and radius_km': 'أدخل خط العرض وخط الطول ونصف القطر معًا',
      'must be an Egyptian mobile number (010, 011, 012 or 015 followed by 8 digits)': 'أدخل رقم محمول مصريًا (010 أو 011 أو 012 أو 015 ثم ٨ أرقام)',
    },
    account: {
      heading: 'بياناتك',
      intro: 'نزّل كل ما يحفظه فود لينك عنك، أو احذف حسابك.',
      download: 'تنزيل بياناتي',
      downloading: 'جارٍ تجهيز بياناتك…',
      downloadError: 'تعذّر تنزيل بياناتك. حاول مرة أخرى.',
      delete: 'حذف حسابي',
      deleteWarning:
        'حذف حسابك يسجّل خروجك من كل الأجهزة، ويلغي طلبات الاستلام المعلقة، ويسحب طعامك المتاح من اللوحة، ويزيل اسمك وبريدك الإلكتروني. تبقى التبرعات السابقة مجهولة الهوية ضمن إجمالي الأثر. لا يمكن التراجع عن ذلك.',
      password: 'كلمة المرور للتأكيد',
      confirmDelete: 'احذف حسابي نهائيًا',
      keep: 'أبقِ حسابي',
      deleting: 'جارٍ الحذف…',
      deleteError: 'تعذّر حذف حسابك. حاول مرة أخرى.',
    },
    serverMessages: {
      'Your account has been deleted': 'تم حذف حسابك',
      'This e-mail address is already registered': 'هذا البريد الإلكتروني مسجّل بالفعل',
      'A charity with this name is already registered': 'توجد جمعية مسجّلة بهذا الاسم بالفعل',
      'Invalid email or password': 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
      // ERRORS.claimsPausedQuickCancels(3, 15, 24), written out: see below.
      'Your charity cancelled 3 claims within 15 minutes of making them in the last 24 hours, so its claiming is paused for a while; claim only what you will collect':
        'ألغت جمعيتكم ٣ حجوزات خلال ١٥ دقيقة من إجرائها في آخر ٢٤ ساعة، لذا أُوقف الحجز مؤقتًا؛ احجزوا فقط ما ستستلمونه',
      // ERRORS.pickupCodeLocked(LIMITS.pickupCodeTries), written out: the landing chunk does not load the contracts.
      '5 wrong pickup codes were entered for this request, so codes are no longer accepted for it; if the charity is at the door, mark it donated without a code, or contact the Food Link operators':
        'أُدخلت ٥ رموز استلام خاطئة لهذا الطلب، فلم تعد الرموز مقبولة له؛ إذا كانت الجمعية عند الباب فسجّل التسليم دون رمز، أو تواصل مع مشرفي فود لينك',
      // Password reset (the API's ERRORS.resetToken*).
      'token is not a valid password reset link; ask for a new one': 'هذا ليس رابط إعادة تعيين صالحًا؛ اطلب رابطًا جديدًا',
      'token has expired; ask for a new password reset link': 'انتهت صلاحية الرابط؛ اطلب رابطًا جديدًا لإعادة تعيين كلمة المرور',
      'token has already been used, or another link sent to this account was used; ask for a new one if you need it':
        'استُخدم هذا الرابط من قبل، أو استُخدم رابط آخر أُرسل إلى هذا الحساب؛ اطلب رابطًا جديدًا إن احتجت إليه',
      // The handover's refusals (the API helpers' ERRORS for issue 14).
      'The pickup code does not match this request': 'رمز الاستلام لا يطابق هذا الطلب',
      'You already hold 5 active claims; collect or cancel one first': 'لديك بالفعل ٥ طلبات نشطة؛ استلم أحدها أو ألغِه أولًا',
      'You already hold 2 active claims; collect or cancel one first': 'لديك بالفعل طلبان نشطان؛ استلم أحدهما أو ألغِه أولًا',
      'Your charity is suspended and cannot claim food; contact the Food Link operators': 'جمعيتك موقوفة ولا يمكنها حجز الطعام؛ تواصل مع مشرفي فود لينك',
      'A no-show can be reported only once the pickup window has started': 'لا يمكن الإبلاغ عن عدم الحضور إلا بعد بدء موعد الاستلام',
      'The password is not correct': 'كلمة المرور غير صحيحة',
      'Donor registered successfully': 'تم تسجيل المتبرع بنجاح',
      'Charity registered successfully': 'تم تسجيل الجمعية بنجاح',
      'Login successful': 'تم تسجيل الدخول بنجاح',
      'This food item has already been claimed': 'حجزت جمعية أخرى هذا الطعام بالفعل',
      'This food item has expired': 'انتهت صلاحية هذا الطعام',
      // Organisations (docs/ORGANISATIONS.md; the API's ERRORS for issue 26).
      'An organisation needs an administrator: the last one cannot be removed or given another role':
        'لا بد أن يبقى للمؤسسة مسؤول: لا يمكن إزالة آخر مسؤول ولا تغيير دوره',
      'You are already a member of an organisation; leave it first': 'أنت عضو في مؤسسة بالفعل؛ غادرها أولًا',
      'This invitation is to a donor organisation, and your account is of another kind': 'هذه الدعوة إلى مؤسسة متبرّعة، وحسابك من نوع آخر',
      'This invitation is to a charity organisation, and your account is of another kind': 'هذه الدعوة إلى جمعية خيرية، وحسابك من نوع آخر',
      'Your organisation already has 50 pending invitations; withdraw some first': 'لدى مؤسستك بالفعل ٥٠ دعوة معلّقة؛ اسحب بعضها أولًا',
      'This invitation was sent to another e-mail address': 'أُرسلت هذه الدعوة إلى بريد إلكتروني آخر',
      'This invitation has expired; ask for a new one': 'انتهت مدة هذه الدعوة؛ اطلب دعوة جديدة',
      'This invitation has already been accepted': 'قُبلت هذه الدعوة من قبل',
      'This invitation was withdrawn': 'سُحبت هذه الدعوة',
      'user_id is not a member of your charity': 'هذا الشخص ليس عضوًا في جمعيتك',
    },
    news: {
      hide: 'أخفى أحد المشرفين تبرعكم {{item}} من اللوحة.',
      unhide: 'أعاد أحد المشرفين تبرعكم المخفي {{item}} إلى اللوحة.',
      suspend_account: 'أوقف أحد المشرفين حسابكم.',
      reinstate_account: 'تمت إعادة تفعيل حسابكم ويمكنكم تسجيل الدخول مرة أخرى.',
      submit: 'تم إرسال طلب توثيق جمعيتكم.',
      verify: 'تم توثيق جمعيتكم: يمكنكم الآن حجز حتى {{limit}} تبرعات واختياركم شريكًا.',
      reject: 'لم يُقبل طلب التوثيق. صححوا البيانات وأرسلوها مرة أخرى.',
      suspend: 'تم إيقاف جمعيتكم مؤقتًا ولا يمكنها حجز الطعام.',
      reinstate: 'تمت إعادة تفعيل جمعيتكم ويمكنها حجز الطعام مرة أخرى.',
      auto_suspend: 'تم إيقاف الحجز لمدة {{suspendDays}} أيام بعد {{noShows}} مرات عدم حضور خلال {{withinDays}} يومًا، حتى يراجعه أحد المشرفين.',
      charity_suspended: 'أُلغي حجز تبرعكم «{{name}}» ({{item}}) لأن أحد المشرفين أوقف حساب الجمعية؛ ويعود التبرع إلى اللوحة إذا كان لا يزال صالحًا.',
      donor_suspended: 'أُلغي حجزكم للتبرع «{{name}}» ({{item}}) لأن أحد المشرفين أوقف حساب المتبرع؛ يُرجى عدم الذهاب لاستلامه.',
      overturn_no_show: 'ألغى أحد المشرفين احتساب عدم حضور على جمعيتكم: لم يعد يُحسب عليها.',
      code_locked:
        'أُدخل {{tries}} رموز استلام خاطئة لحجز تبرعكم {{item}}، فلم تعد الرموز مقبولة له. إذا كانت الجمعية عند الباب فتحققوا منها وسجّلوا التسليم دون رمز، وإن لم تكونوا أنتم من أدخلها فأبلغوا مشرفي فود لينك.',
      reason: 'السبب: {{reason}}',
    },
  },
};
