import { Box, Typography } from '@mui/material';
import { Page } from '../../ui/index.ts';

interface Section {
  heading: string;
  paragraphs: string[];
}

/** Our plain-language terms for the stock music library; agreed on the finalize page. */
const TERMS: Section[] = [
  {
    heading: 'About the music',
    paragraphs: [
      'Every track in the stock music library was composed for this product and belongs to us. We license it to you, ' +
        'free of any further charge, so that the tribute videos made here can carry music without anyone having to ' +
        'clear rights with a record label or collecting society.',
    ],
  },
  {
    heading: 'What you may do',
    paragraphs: [
      'You may use stock tracks in tribute and memorial videos made with this product, and you may show, stream and ' +
        'share those videos: at a funeral, memorial or celebration of life, on a funeral home or obituary website, by ' +
        'email, text message and social media, and in the family’s own homes.',
      'You may make DVDs, USB drives, downloads and other copies of the finished video for the family, the people ' +
        'who attended the service, and the funeral home or organization that made the video, in any number.',
      'The license lasts for as long as the video exists, including after your account is closed.',
    ],
  },
  {
    heading: 'What you may not do',
    paragraphs: [
      'You may not sell, license, give away or publish the music on its own, apart from the video: no extracting the ' +
        'soundtrack, no music downloads, no playlists or albums of the tracks.',
      'You may not use the tracks in other videos, advertising, films, broadcasts or products not made with this ' +
        'product, or claim the music as your own, for example by registering it with a content identification service.',
      'You may not sell the tribute video itself for profit to the general public. Charging the family for making, ' +
        'copying or delivering their video is fine.',
    ],
  },
  {
    heading: 'Your own music is different',
    paragraphs: [
      'These terms cover only the stock library. Music you upload yourself is your responsibility: you need the right ' +
        'to use it. For licensing reasons we cannot ship DVDs or other physical products for videos that contain ' +
        'non-stock music.',
    ],
  },
  {
    heading: 'The small print',
    paragraphs: [
      'The tracks are provided as they are. If we learn of a problem with a track, we may replace it in videos not yet ' +
        'finalized. If these terms are broken, the license for the videos concerned ends and the copies in question ' +
        'must no longer be shared. We may update these terms for future videos; videos already finalized keep the ' +
        'terms they were made under.',
    ],
  },
];

/** /orders/stock_music_eula: the stock music license agreement, open to everyone. */
export function StockMusicEulaPage() {
  return (
    <Page title="Stock Music License Agreement" maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        In short: the stock music is made for tribute videos, and you may use it in every tribute video you make here,
        including DVDs and copies for the family and the service. You may not sell or share the music on its own.
      </Typography>
      {TERMS.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((text) => (
            <Typography key={text.slice(0, 40)} sx={{ mb: 1.5, lineHeight: 1.7 }}>
              {text}
            </Typography>
          ))}
        </Box>
      ))}
    </Page>
  );
}
