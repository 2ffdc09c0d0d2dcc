/**
 * The app's icons: lucide's drawings (a maintained icon set) instead of Unicode glyphs, which
 * render as boxes on a device without an emoji font. One icon per meaning, named by what it means
 * here, drawn by `<Icon data={…} />` (./Icon.tsx). Each icon is read from its own module, so a
 * chunk holds only the icons it shows; the bottom nav's and the header's are in the entry chunk.
 */
import * as areaSwap from 'lucide-react/icons/arrow-left-right';
import * as check from 'lucide-react/icons/check';
import * as chevronDown from 'lucide-react/icons/chevron-down';
import * as back from 'lucide-react/icons/chevron-left';
import * as next from 'lucide-react/icons/chevron-right';
import * as circle from 'lucide-react/icons/circle';
import * as more from 'lucide-react/icons/ellipsis';
import * as eye from 'lucide-react/icons/eye';
import * as heart from 'lucide-react/icons/heart';
import * as home from 'lucide-react/icons/house';
import * as imageAdd from 'lucide-react/icons/image-plus';
import * as locate from 'lucide-react/icons/locate-fixed';
import * as map from 'lucide-react/icons/map';
import * as community from 'lucide-react/icons/messages-square';
import * as edit from 'lucide-react/icons/pencil';
import * as reset from 'lucide-react/icons/rotate-ccw';
import * as ruler from 'lucide-react/icons/ruler';
import * as close from 'lucide-react/icons/x';
import type { IconData } from './Icon.tsx';

// Each icon module also exports lucide's drawing (`__iconData`, not in its typings).
type Drawn = { __iconData: IconData };

export const AreaSwapIcon = (areaSwap as unknown as Drawn).__iconData;
export const CheckIcon = (check as unknown as Drawn).__iconData;
export const BackIcon = (back as unknown as Drawn).__iconData;
export const ChevronDownIcon = (chevronDown as unknown as Drawn).__iconData;
export const NextIcon = (next as unknown as Drawn).__iconData;
export const CircleIcon = (circle as unknown as Drawn).__iconData;
export const CommunityIcon = (community as unknown as Drawn).__iconData;
export const EditIcon = (edit as unknown as Drawn).__iconData;
export const EyeIcon = (eye as unknown as Drawn).__iconData;
export const HeartIcon = (heart as unknown as Drawn).__iconData;
export const HomeIcon = (home as unknown as Drawn).__iconData;
export const ImageAddIcon = (imageAdd as unknown as Drawn).__iconData;
export const LocateIcon = (locate as unknown as Drawn).__iconData;
export const MapIcon = (map as unknown as Drawn).__iconData;
export const MoreIcon = (more as unknown as Drawn).__iconData;
export const CloseIcon = (close as unknown as Drawn).__iconData;
export const ResetIcon = (reset as unknown as Drawn).__iconData;
export const RulerIcon = (ruler as unknown as Drawn).__iconData;
