import { Box, Card, CardActions, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
}

interface Props {
  heading: ReactNode;
  /** Each shows as 'Label: value'. */
  facts: Fact[];
  actions?: ReactNode;
  /** Rows shown greyed out, such as disabled accounts. Only the facts fade: faded buttons fell below readable contrast. */
  faded?: boolean;
  /** The reports' card: tighter, labels in the text colour beside the figures, its one action among the facts. */
  dense?: boolean;
}

/** A list's row on a phone (ListFrame): its first cell as the heading, every other as 'Label: value'. */
export function RowCard({ heading, facts, actions, faded, dense }: Props) {
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={dense ? { py: 1.5, '&:last-child': { pb: 1.5 } } : { pb: 1, opacity: faded ? 0.7 : 1 }}>
        <Typography component="div" sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>
          {heading}
        </Typography>
        {facts.map((fact) => (
          <Typography key={fact.label} component="div" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={dense ? { fontWeight: 600, color: 'text.primary' } : { fontWeight: 600 }}>
              {fact.label}:
            </Box>{' '}
            {fact.value}
          </Typography>
        ))}
        {dense && actions}
      </CardContent>
      {!dense && actions && <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, pt: 0 }}>{actions}</CardActions>}
    </Card>
  );
}
