import type { Knex } from 'knex';

/**
 * The stock text library (spec 2 "Stock text dialog"): verse and scripture in the public domain (the King James
 * Bible, poems of authors dead for well over a century) and short texts written for this product. Each text is in
 * at least one category (the dialog drops texts without one).
 */
export interface StockTextSeed {
  title: string;
  author: string;
  categories: string[];
  text: string;
}

const KJV = 'King James Bible';
const OURS = 'Tribute';

export const STOCK_TEXT_CATEGORIES = ['Scripture', 'Poetry', 'Blessings', 'Comfort', 'In Loving Memory', 'Celebration of Life', 'Family', 'Welcome and Farewell'];

export const STOCK_TEXTS: StockTextSeed[] = [
  {
    title: 'The Lord Is My Shepherd',
    author: `Psalm 23, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: "The Lord is my shepherd; I shall not want.\nHe maketh me to lie down in green pastures: he leadeth me beside the still waters.\nHe restoreth my soul: he leadeth me in the paths of righteousness for his name's sake.\nYea, though I walk through the valley of the shadow of death, I will fear no evil: for thou art with me; thy rod and thy staff they comfort me.\nThou preparest a table before me in the presence of mine enemies: thou anointest my head with oil; my cup runneth over.\nSurely goodness and mercy shall follow me all the days of my life: and I will dwell in the house of the Lord for ever.",
  },
  {
    title: 'A Time for Everything',
    author: `Ecclesiastes 3:1-4, ${KJV}`,
    categories: ['Scripture', 'Celebration of Life'],
    text: 'To every thing there is a season, and a time to every purpose under the heaven:\nA time to be born, and a time to die; a time to plant, and a time to pluck up that which is planted;\nA time to kill, and a time to heal; a time to break down, and a time to build up;\nA time to weep, and a time to laugh; a time to mourn, and a time to dance.',
  },
  {
    title: "In My Father's House",
    author: `John 14:1-2, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: "Let not your heart be troubled: ye believe in God, believe also in me.\nIn my Father's house are many mansions: if it were not so, I would have told you. I go to prepare a place for you.",
  },
  {
    title: 'No More Tears',
    author: `Revelation 21:4, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: 'And God shall wipe away all tears from their eyes; and there shall be no more death, neither sorrow, nor crying, neither shall there be any more pain: for the former things are passed away.',
  },
  {
    title: 'Blessed Are They That Mourn',
    author: `Matthew 5:4, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: 'Blessed are they that mourn: for they shall be comforted.',
  },
  {
    title: 'Faith, Hope and Charity',
    author: `1 Corinthians 13:13, ${KJV}`,
    categories: ['Scripture', 'Family'],
    text: 'And now abideth faith, hope, charity, these three; but the greatest of these is charity.',
  },
  {
    title: 'Nothing Shall Separate Us',
    author: `Romans 8:38-39, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: 'For I am persuaded, that neither death, nor life, nor angels, nor principalities, nor powers, nor things present, nor things to come,\nNor height, nor depth, nor any other creature, shall be able to separate us from the love of God, which is in Christ Jesus our Lord.',
  },
  {
    title: 'Wings as Eagles',
    author: `Isaiah 40:31, ${KJV}`,
    categories: ['Scripture'],
    text: 'But they that wait upon the Lord shall renew their strength; they shall mount up with wings as eagles; they shall run, and not be weary; and they shall walk, and not faint.',
  },
  {
    title: 'I Will Lift Up Mine Eyes',
    author: `Psalm 121:1-2, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: 'I will lift up mine eyes unto the hills, from whence cometh my help.\nMy help cometh from the Lord, which made heaven and earth.',
  },
  {
    title: 'The Resurrection and the Life',
    author: `John 11:25, ${KJV}`,
    categories: ['Scripture'],
    text: 'Jesus said unto her, I am the resurrection, and the life: he that believeth in me, though he were dead, yet shall he live.',
  },
  {
    title: 'I Have Fought a Good Fight',
    author: `2 Timothy 4:7, ${KJV}`,
    categories: ['Scripture', 'Celebration of Life'],
    text: 'I have fought a good fight, I have finished my course, I have kept the faith.',
  },
  {
    title: 'Our Refuge and Strength',
    author: `Psalm 46:1, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: 'God is our refuge and strength, a very present help in trouble.',
  },
  {
    title: 'The Lord Bless Thee',
    author: `Numbers 6:24-26, ${KJV}`,
    categories: ['Scripture', 'Blessings'],
    text: 'The Lord bless thee, and keep thee:\nThe Lord make his face shine upon thee, and be gracious unto thee:\nThe Lord lift up his countenance upon thee, and give thee peace.',
  },
  {
    title: 'Joy Cometh in the Morning',
    author: `Psalm 30:5, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: 'Weeping may endure for a night, but joy cometh in the morning.',
  },
  {
    title: 'Come Unto Me',
    author: `Matthew 11:28, ${KJV}`,
    categories: ['Scripture', 'Comfort'],
    text: 'Come unto me, all ye that labour and are heavy laden, and I will give you rest.',
  },
  {
    title: 'Whither Thou Goest',
    author: `Ruth 1:16, ${KJV}`,
    categories: ['Scripture', 'Family'],
    text: 'Whither thou goest, I will go; and where thou lodgest, I will lodge: thy people shall be my people, and thy God my God.',
  },
  {
    title: 'Remember',
    author: 'Christina Rossetti',
    categories: ['Poetry', 'In Loving Memory'],
    text: 'Remember me when I am gone away,\nGone far away into the silent land;\nWhen you can no more hold me by the hand,\nNor I half turn to go yet turning stay.\nRemember me when no more day by day\nYou tell me of our future that you planned:\nOnly remember me; you understand\nIt will be late to counsel then or pray.\nYet if you should forget me for a while\nAnd afterwards remember, do not grieve:\nFor if the darkness and corruption leave\nA vestige of the thoughts that once I had,\nBetter by far you should forget and smile\nThan that you should remember and be sad.',
  },
  {
    title: 'Crossing the Bar',
    author: 'Alfred, Lord Tennyson',
    categories: ['Poetry', 'Welcome and Farewell'],
    text: "Sunset and evening star,\nAnd one clear call for me!\nAnd may there be no moaning of the bar,\nWhen I put out to sea,\n\nBut such a tide as moving seems asleep,\nToo full for sound and foam,\nWhen that which drew from out the boundless deep\nTurns again home.\n\nTwilight and evening bell,\nAnd after that the dark!\nAnd may there be no sadness of farewell,\nWhen I embark;\n\nFor tho' from out our bourne of Time and Place\nThe flood may bear me far,\nI hope to see my Pilot face to face\nWhen I have crost the bar.",
  },
  {
    title: 'Requiem',
    author: 'Robert Louis Stevenson',
    categories: ['Poetry', 'Welcome and Farewell'],
    text: 'Under the wide and starry sky,\nDig the grave and let me lie.\nGlad did I live and gladly die,\nAnd I laid me down with a will.\n\nThis be the verse you grave for me:\nHere he lies where he longed to be;\nHome is the sailor, home from sea,\nAnd the hunter home from the hill.',
  },
  {
    title: 'Death Is Nothing at All',
    author: 'Henry Scott Holland',
    categories: ['Poetry', 'Comfort', 'In Loving Memory'],
    text: 'Death is nothing at all. I have only slipped away into the next room. I am I and you are you. Whatever we were to each other, that we still are. Call me by my old familiar name. Speak to me in the easy way which you always used. Laugh as we always laughed at the little jokes we enjoyed together. Life means all that it ever meant. It is the same as it ever was. Why should I be out of mind because I am out of sight? I am but waiting for you, for an interval, somewhere very near, just around the corner. All is well.',
  },
  {
    title: 'Better to Have Loved',
    author: 'Alfred, Lord Tennyson, In Memoriam A.H.H.',
    categories: ['Poetry', 'In Loving Memory'],
    text: "I hold it true, whate'er befall;\nI feel it, when I sorrow most;\n'Tis better to have loved and lost\nThan never to have loved at all.",
  },
  {
    title: 'Thy Eternal Summer',
    author: 'William Shakespeare, Sonnet 18',
    categories: ['Poetry', 'In Loving Memory'],
    text: "But thy eternal summer shall not fade,\nNor lose possession of that fair thou ow'st;\nNor shall Death brag thou wander'st in his shade,\nWhen in eternal lines to time thou grow'st:\nSo long as men can breathe or eyes can see,\nSo long lives this, and this gives life to thee.",
  },
  {
    title: 'Hope Is the Thing with Feathers',
    author: 'Emily Dickinson',
    categories: ['Poetry', 'Comfort'],
    text: 'Hope is the thing with feathers\nThat perches in the soul,\nAnd sings the tune without the words,\nAnd never stops at all.',
  },
  {
    title: 'Death, Thou Shalt Die',
    author: 'John Donne, Holy Sonnet X',
    categories: ['Poetry'],
    text: 'One short sleep past, we wake eternally,\nAnd death shall be no more; Death, thou shalt die.',
  },
  {
    title: 'A Psalm of Life',
    author: 'Henry Wadsworth Longfellow',
    categories: ['Poetry', 'Celebration of Life'],
    text: 'Tell me not, in mournful numbers,\nLife is but an empty dream!\nFor the soul is dead that slumbers,\nAnd things are not what they seem.\n\nLife is real! Life is earnest!\nAnd the grave is not its goal;\nDust thou art, to dust returnest,\nWas not spoken of the soul.',
  },
  {
    title: 'They That Love Beyond the World',
    author: 'William Penn',
    categories: ['Poetry', 'Comfort'],
    text: 'They that love beyond the world cannot be separated by it. Death cannot kill what never dies.',
  },
  {
    title: 'Little Stars',
    author: 'William Shakespeare, Romeo and Juliet',
    categories: ['Poetry', 'In Loving Memory'],
    text: 'When he shall die,\nTake him and cut him out in little stars,\nAnd he will make the face of heaven so fine\nThat all the world will be in love with night\nAnd pay no worship to the garish sun.',
  },
  {
    title: 'Hallowed Ground',
    author: 'Thomas Campbell',
    categories: ['Poetry', 'In Loving Memory'],
    text: 'To live in hearts we leave behind\nIs not to die.',
  },
  {
    title: 'An Irish Blessing',
    author: 'Traditional',
    categories: ['Blessings', 'Welcome and Farewell'],
    text: 'May the road rise up to meet you.\nMay the wind be always at your back.\nMay the sun shine warm upon your face,\nthe rains fall soft upon your fields,\nand until we meet again,\nmay God hold you in the palm of His hand.',
  },
  {
    title: 'Deep Peace',
    author: 'Traditional Gaelic blessing',
    categories: ['Blessings', 'Comfort'],
    text: 'Deep peace of the running wave to you.\nDeep peace of the flowing air to you.\nDeep peace of the quiet earth to you.\nDeep peace of the shining stars to you.\nDeep peace of the gentle night to you.',
  },
  {
    title: 'In Loving Memory',
    author: OURS,
    categories: ['In Loving Memory'],
    text: 'In loving memory of a life beautifully lived and a heart deeply loved.',
  },
  {
    title: 'Forever in Our Hearts',
    author: OURS,
    categories: ['In Loving Memory', 'Comfort'],
    text: 'Those we love never truly leave us. They live on in the stories we tell, the laughter we share and the love they gave.',
  },
  {
    title: 'A Life Well Lived',
    author: OURS,
    categories: ['Celebration of Life'],
    text: 'We gather not only to mourn a loss, but to celebrate a life well lived, full of kindness, courage and joy.',
  },
  {
    title: 'Thank You for the Memories',
    author: OURS,
    categories: ['Celebration of Life', 'Welcome and Farewell'],
    text: 'Thank you for the memories, the lessons and the love. We carry them with us every day.',
  },
  {
    title: 'Until We Meet Again',
    author: OURS,
    categories: ['Welcome and Farewell', 'Comfort'],
    text: 'Not goodbye, only until we meet again.',
  },
  {
    title: "A Mother's Love",
    author: OURS,
    categories: ['Family', 'In Loving Memory'],
    text: "A mother's love is the heart of a family. Yours will keep beating in all of us.",
  },
  {
    title: 'The Way He Lived',
    author: OURS,
    categories: ['Family', 'Celebration of Life'],
    text: 'He taught us by the way he lived: with patience, with humour and with a quiet, steady love.',
  },
  {
    title: 'The Way She Lived',
    author: OURS,
    categories: ['Family', 'Celebration of Life'],
    text: 'She taught us by the way she lived: with warmth, with courage and with a love that made room for everyone.',
  },
  {
    title: 'Grandparents',
    author: OURS,
    categories: ['Family'],
    text: 'Grandparents hold our hands for a little while, and our hearts for ever.',
  },
  {
    title: 'Treasured Moments',
    author: OURS,
    categories: ['Celebration of Life', 'Family'],
    text: 'Every photograph is a door back to a moment we will always treasure.',
  },
  {
    title: 'Footprints on the Heart',
    author: OURS,
    categories: ['In Loving Memory'],
    text: 'A true friend leaves footprints on the heart that time cannot wash away.',
  },
  {
    title: 'Remember the Laughter',
    author: OURS,
    categories: ['Celebration of Life'],
    text: 'Remember the laughter. It was the sound of a life that loved being lived.',
  },
  {
    title: 'Every Life Is a Story',
    author: OURS,
    categories: ['Celebration of Life', 'Welcome and Farewell'],
    text: 'Every life is a story. These are some of the pages we will never forget.',
  },
  {
    title: 'Welcome',
    author: OURS,
    categories: ['Welcome and Farewell'],
    text: 'Welcome, and thank you for being here to remember and celebrate together.',
  },
  {
    title: 'Go Gently',
    author: OURS,
    categories: ['Welcome and Farewell'],
    text: 'Thank you for sharing these memories with us. Go gently, and hold your loved ones close.',
  },
  {
    title: 'A Life of Service',
    author: OURS,
    categories: ['Celebration of Life'],
    text: 'A life spent serving others is a life that echoes long after it ends.',
  },
  {
    title: 'Still Blooming',
    author: OURS,
    categories: ['Family', 'Comfort'],
    text: 'Like a garden tended with care, the love given to us keeps blooming year after year.',
  },
  {
    title: 'A Light Still Shines',
    author: OURS,
    categories: ['In Loving Memory', 'Comfort'],
    text: 'A light has gone from our home, but it still shines in every heart it touched.',
  },
];

/** Adds the categories and texts not in the library yet (by name and title), so a later release can add more. */
export async function seedStockTexts(knex: Knex | Knex.Transaction): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const name of STOCK_TEXT_CATEGORIES) {
    const found = await knex('stock_text_categories').where({ name }).first<{ id: number } | undefined>('id');
    const id = found?.id ?? (await knex('stock_text_categories').insert({ name }).returning('id'))[0].id;
    categoryIds.set(name, id);
  }
  for (const seed of STOCK_TEXTS) {
    if (await knex('stock_texts').where({ text_title: seed.title }).first('id')) continue;
    const [{ id }] = await knex('stock_texts').insert({ text_title: seed.title, author_name: seed.author, text: seed.text }).returning('id');
    await knex('stock_text_category_links').insert(seed.categories.map((name) => ({ stock_text_category_id: categoryIds.get(name), stock_text_id: id })));
  }
}
