import GroupsIcon from '@mui/icons-material/Groups';
import Avatar from '@mui/material/Avatar';
import { imageUrl, profilePhotoUrl } from '../../lib/assets';

interface ConversationAvatarProps {
  image: string;
  isGroup: boolean;
  size?: number;
}

/** A conversation's image; '' means the default: a group icon, or the default avatar for a person. */
export function ConversationAvatar({ image, isGroup, size = 44 }: ConversationAvatarProps) {
  if (image) return <Avatar src={imageUrl(image)} alt="" sx={{ width: size, height: size }} />;
  if (isGroup) {
    return (
      <Avatar alt="" sx={{ width: size, height: size, bgcolor: 'primary.light' }}>
        <GroupsIcon sx={{ fontSize: size * 0.6 }} />
      </Avatar>
    );
  }
  return <Avatar src={profilePhotoUrl(null)} alt="" sx={{ width: size, height: size }} />;
}

export function UserAvatar({ photo, size = 32 }: { photo: string | null; size?: number }) {
  return <Avatar src={profilePhotoUrl(photo)} alt="" sx={{ width: size, height: size }} />;
}
