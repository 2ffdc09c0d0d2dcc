// Written by scripts/shell-icons.ts from lucide's drawings: do not edit.
import type { IconData } from './Icon.tsx';

/** The bottom nav's and the header's icons, drawn inline by `<Icon>` (the script says why not lucide's modules). */
export const shellIcons = {
  home: {
    name: 'house',
    node: [
      ['path', { d: 'M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8', key: '5wwlr5' }],
      [
        'path',
        {
          d: 'M3 10a2 2 0 0 1 .709-1.528l7-6a2 2 0 0 1 2.582 0l7 6A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
          key: 'r6nss1',
        },
      ],
    ],
  },
  interest: {
    name: 'heart',
    node: [
      [
        'path',
        {
          d: 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5',
          key: 'mvr1a0',
        },
      ],
    ],
  },
  map: {
    name: 'map',
    node: [
      [
        'path',
        {
          d: 'M14.106 5.553a2 2 0 0 0 1.788 0l3.659-1.83A1 1 0 0 1 21 4.619v12.764a1 1 0 0 1-.553.894l-4.553 2.277a2 2 0 0 1-1.788 0l-4.212-2.106a2 2 0 0 0-1.788 0l-3.659 1.83A1 1 0 0 1 3 19.381V6.618a1 1 0 0 1 .553-.894l4.553-2.277a2 2 0 0 1 1.788 0z',
          key: '169xi5',
        },
      ],
      ['path', { d: 'M15 5.764v15', key: '1pn4in' }],
      ['path', { d: 'M9 3.236v15', key: '1uimfh' }],
    ],
  },
  community: {
    name: 'messages-square',
    node: [
      [
        'path',
        {
          d: 'M16 10a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 14.286V4a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z',
          key: '1n2ejm',
        },
      ],
      [
        'path',
        {
          d: 'M20 9a2 2 0 0 1 2 2v10.286a.71.71 0 0 1-1.212.502l-2.202-2.202A2 2 0 0 0 17.172 19H10a2 2 0 0 1-2-2v-1',
          key: '1qfcsi',
        },
      ],
    ],
  },
  more: {
    name: 'ellipsis',
    node: [
      ['circle', { cx: '12', cy: '12', r: '1', key: '41hilf' }],
      ['circle', { cx: '19', cy: '12', r: '1', key: '1wjl8i' }],
      ['circle', { cx: '5', cy: '12', r: '1', key: '1pcz8c' }],
    ],
  },
  back: { name: 'chevron-left', node: [['path', { d: 'm15 18-6-6 6-6', key: '1wnfg3' }]] },
} satisfies Record<string, IconData>;
